import type { FieldCheck, FieldMessage } from '../../ui/form/rules-resolver';

/** Spec §5 'Please enter a valid mobile number': digits only, 4 to 20 of them (the server's outer bound). */
export const mobileFormat =
  <V>(): FieldCheck<V> =>
  (value) =>
    value !== '' && !/^[0-9]{4,20}$/.test(value) ? { key: 'accounts.validation.mobile', params: {} } : null;

/** A mobile number needs its country calling code. */
export const dialCodeChosen =
  <V extends { countryDialingCode: string }>(): FieldCheck<V> =>
  (value, values) =>
    value !== '' && !values.countryDialingCode ? { key: 'accounts.validation.dial_code', params: {} } : null;

/** Spec §5 'Please enter a valid verification code': 4 to 10 digits. */
export const smsCodeFormat =
  <V>(): FieldCheck<V> =>
  (value) =>
    value !== '' && !/^[0-9]{4,10}$/.test(value) ? { key: 'accounts.validation.sms_code', params: {} } : null;

/** Spec §5 birthday check 'Please confirm you are 21 years old' (yyyy-MM-dd, whole years in UTC like the server). */
export const BIRTHDAY_MIN_AGE_YEARS = 21;
export const atLeast21 =
  <V>(today: () => Date = () => new Date()): FieldCheck<V> =>
  (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return null;
    const now = today();
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    let age = now.getUTCFullYear() - year;
    if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age--;
    const message: FieldMessage = { key: 'validation.age_21', params: { age: BIRTHDAY_MIN_AGE_YEARS } };
    return age < BIRTHDAY_MIN_AGE_YEARS ? message : null;
  };

/** Spec §9: the weak default password forces a change, so it cannot be chosen as a new one. */
export const notWeakDefault =
  <V>(): FieldCheck<V> =>
  (value) =>
    value === '123456' ? { key: 'errors.password_too_weak', params: {} } : null;
