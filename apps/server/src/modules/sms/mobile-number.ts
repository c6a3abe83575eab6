import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Calling codes the metadata knows: the parser throws on any other. */
const CALLING_CODES = new Set<string>(getCountries().map((country) => getCountryCallingCode(country)));

export interface PhoneNumber {
  /** Country calling code, digits only. */
  dialCode: string;
  /** National significant number: no trunk prefix, so dialCode + mobile is E.164 without the plus. */
  mobile: string;
}

/**
 * The number in E.164 parts when it is a valid number of the country of `dialCode`, null otherwise. Typed with
 * or without the trunk prefix ("01712…" or "1712…" for +880), it gives the same parts. The full metadata is used
 * because the short one accepts any number of the right length ("+880 0…" included).
 */
export function toE164(dialCode: string, typed: string): PhoneNumber | null {
  const dial = dialCode.replace(/^\+/, '');
  if (!CALLING_CODES.has(dial) || !/^[0-9]+$/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed, { defaultCallingCode: dial });
  if (!parsed || parsed.countryCallingCode !== dial || !parsed.isValid()) return null;
  return { dialCode: dial, mobile: parsed.nationalNumber };
}

/** The recipient an SMS gateway is given: E.164 without the plus. */
export const smsRecipient = (phone: PhoneNumber) => `${phone.dialCode}${phone.mobile}`;

/**
 * The number as its country writes it at home, digits only, trunk prefix included ("01712345678"): the form a
 * player typed at sign-up and recognises (spec's masked example "0133671****").
 */
export function nationalDigits(phone: PhoneNumber): string {
  const parsed = parsePhoneNumberFromString(`+${phone.dialCode}${phone.mobile}`);
  return parsed ? parsed.formatNational().replace(/\D/g, '') : phone.mobile;
}
