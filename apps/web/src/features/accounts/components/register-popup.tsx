import { useQuery } from '@tanstack/react-query';
import type { RegisterBody } from '@tessera/contract/api/accounts';
import type { RegisterRule, RegisterRules } from '@tessera/contract/settings';
import { fieldOptions } from '@tessera/contract/validation/validate-field';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { useSystemStatus } from '../../../lib/system-status';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { CheckboxField, Form, FormAlert, SubmitButton, TextField } from '../../../ui/form/form';
import {
  byRule,
  checksResolver,
  encodeMessage,
  type FieldCheck,
  type FormChecks,
  required,
  sameAs,
  ticked,
} from '../../../ui/form/rules-resolver';
import { Spinner } from '../../../ui/spinner';
import { affiliateQuery, register, registerRulesQuery, sendRegisterSms, signupBonusQuery } from '../api/register-calls';
import { BotCheckBadge } from '../bot-check/bot-check-badge';
import { useBotCheck } from '../bot-check/use-bot-check';
import { completeLogin } from '../complete-login';
import { atLeast21, dialCodeChosen, mobileFormat, notWeakDefault, smsCodeFormat } from '../field-checks';
import { useAccountFeatures } from '../hooks/use-account-features';
import { useCaptcha } from '../hooks/use-captcha';
import { AccountTabs } from './account-tabs';
import { CaptchaImage } from './captcha-image';
import { DialCodeField, useDefaultDialCode } from './dial-code-field';
import { SmsCodeButton } from './sms-code-button';
import { TermsConsentLabel } from './terms-consent-label';

type Mode = 'username' | 'mobile';

/** Optional profile fields of spec §3 in form order; register-popup.test.ts checks them against the contract. */
export const PROFILE_FIELDS = [
  'fullName',
  'payeeName',
  'email',
  'birthday',
  'idNumber',
  'address',
  'nationality',
  'placeOfBirth',
  'occupation',
  'sourceOfIncome',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'recommenderId',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

const PROFILE_LABELS = {
  fullName: 'accounts.fields.full_name',
  payeeName: 'accounts.fields.payee_name',
  email: 'accounts.fields.email',
  birthday: 'accounts.fields.birthday',
  idNumber: 'accounts.fields.id_number',
  address: 'accounts.fields.address',
  nationality: 'accounts.fields.nationality',
  placeOfBirth: 'accounts.fields.place_of_birth',
  occupation: 'accounts.fields.occupation',
  sourceOfIncome: 'accounts.fields.source_of_income',
  qqNum: 'accounts.fields.qq',
  line: 'accounts.fields.line',
  whatsapp: 'accounts.fields.whatsapp',
  facebook: 'accounts.fields.facebook',
  wechat: 'accounts.fields.wechat',
  telegram: 'accounts.fields.telegram',
  zalo: 'accounts.fields.zalo',
  recommenderId: 'accounts.fields.recommender',
} as const satisfies Record<ProfileField, ParseKeys>;

export type RegisterValues = Record<ProfileField, string> & {
  username: string;
  password: string;
  confirmPassword: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  paymentPassword: string;
  affiliateCode: string;
  captcha: string;
  termsAccepted: boolean;
  ageConsent: boolean;
  signupBonus: boolean;
};

/** The affiliate/referral code of the page address (spec §4: `?affiliateCode=` or `?code=`). */
export function affiliateCodeFromUrl(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('affiliateCode') ?? params.get('code') ?? '').trim().slice(0, 40);
}

/** A member's invite link carries their code as `?referralCode=` (an agent's as `?affiliateCode=`). */
export function referralCodeFromUrl(search: string): string {
  return (new URLSearchParams(search).get('referralCode') ?? '').trim().slice(0, 40);
}

const isShown = (rule: RegisterRule | undefined) => rule?.shown === true;

export interface RegisterLayout {
  mode: Mode;
  rules: RegisterRules;
  /** REGMOBVERF3 is on. */
  isSmsOn: boolean;
  /** MOBILENUMPASSREG3 is on: a mobile sign-up asks for a password too. */
  isMobilePasswordOn: boolean;
  /** The URL's affiliate code was verified: its field is hidden. */
  isAffiliateHidden: boolean;
  /** The URL carried a code that the server refused: its field shows (spec §4) so the player can fix it. */
  hasRefusedAffiliate: boolean;
  isCaptchaShown: boolean;
}

/** Which fields the form shows (spec §5: per the server's rules and the mode). */
export function shownFields(layout: RegisterLayout) {
  const { mode, rules } = layout;
  return {
    username: mode === 'username',
    password: mode === 'username' || layout.isMobilePasswordOn,
    confirmPassword: mode === 'username',
    mobileNum: mode === 'mobile' || isShown(rules.mobileNum),
    verificationCode: layout.isSmsOn,
    paymentPassword: isShown(rules.paymentPassword),
    affiliateCode: !layout.isAffiliateHidden && (isShown(rules.affiliateCode) || layout.hasRefusedAffiliate),
    captcha: layout.isCaptchaShown,
    profile: PROFILE_FIELDS.filter((field) => isShown(rules[field])),
  };
}

/**
 * The resolver's checks (spec §5): username and password required with their rules; mobile required in mobile
 * mode; the SMS code required when SMS is on and a number is given; every other field shown and required only
 * as the server's rule says, its message chosen by pattern id with min/max. Mobile mode has no confirmation field:
 * the password is its own confirmation; without MOBILENUMPASSREG3 it has no password at all.
 */
export function registerChecks(layout: RegisterLayout): FormChecks<RegisterValues> {
  const { mode, rules } = layout;
  const shown = shownFields(layout);
  const checks: FormChecks<RegisterValues> = {
    termsAccepted: [ticked('validation.terms_required')],
    ageConsent: [ticked('validation.age_consent_required', { age: 18 })],
  };
  if (shown.username) checks.username = [required(), byRule(rules.username, { shown: true, required: true })];
  if (shown.password) {
    checks.password = [
      required(),
      byRule(rules.password, { shown: true, required: true }, fieldOptions('password')),
      notWeakDefault(),
    ];
  }
  if (shown.confirmPassword) checks.confirmPassword = [required(), sameAs('password')];
  if (shown.mobileNum) {
    const mobileRequired = mode === 'mobile' || rules.mobileNum?.required === true;
    const list: FieldCheck<RegisterValues>[] = [
      byRule(rules.mobileNum, { shown: true, required: mobileRequired }, fieldOptions('mobileNum')),
    ];
    if (mobileRequired) list.unshift(required());
    checks.mobileNum = [...list, mobileFormat(), dialCodeChosen()];
  }
  if (shown.verificationCode) {
    checks.verificationCode = [
      (value, values) =>
        (mode === 'mobile' || values.mobileNum !== '') && value === '' ? { key: 'validation.required', params: {} } : null,
      smsCodeFormat(),
    ];
  }
  if (shown.paymentPassword) checks.paymentPassword = [required(), byRule(rules.paymentPassword, { required: true })];
  if (shown.affiliateCode) checks.affiliateCode = [byRule(rules.affiliateCode)];
  if (shown.captcha) checks.captcha = [required(), byRule(rules.captcha, { required: true })];
  for (const field of shown.profile) {
    const byItsRule = byRule<RegisterValues>(rules[field], {}, fieldOptions(field));
    checks[field] = field === 'birthday' ? [byItsRule, atLeast21()] : [byItsRule];
  }
  return checks;
}

const INVALID_INVITATION = encodeMessage({ key: 'invitation_code_error', params: {} });

const optionalText = (value: string) => (value === '' ? undefined : value);

function RegisterForm({
  mode,
  rules,
  urlAffiliate,
  referralCode,
  onDone,
}: {
  mode: Mode;
  rules: RegisterRules;
  urlAffiliate: { code: string; isValid: boolean };
  referralCode: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signupOffer = useQuery(signupBonusQuery(i18n.language)).data?.list[0] ?? null;
  const features = useAccountFeatures();
  const { zaloBonus } = useSystemStatus().product.marketing;
  const defaultDialCode = useDefaultDialCode();
  const captcha = useCaptcha(isShown(rules.captcha) && rules.captcha?.required === true);
  const botCheck = useBotCheck();
  const layout: RegisterLayout = {
    mode,
    rules,
    isSmsOn: features.registrationSms,
    isMobilePasswordOn: features.mobileRegistrationPassword,
    isAffiliateHidden: urlAffiliate.isValid,
    hasRefusedAffiliate: urlAffiliate.code !== '' && !urlAffiliate.isValid,
    isCaptchaShown: captcha.isShown,
  };
  const shown = shownFields(layout);
  const [checks] = useState(() => registerChecks(layout));
  const [urlAffiliateErrors] = useState(() =>
    urlAffiliate.code && !urlAffiliate.isValid ? { affiliateCode: { type: 'server', message: INVALID_INVITATION } } : undefined,
  );
  const form = useForm<RegisterValues>({
    defaultValues: {
      ...(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, ''])) as Record<ProfileField, string>),
      username: '',
      password: '',
      confirmPassword: '',
      mobileNum: '',
      countryDialingCode: defaultDialCode,
      verificationCode: '',
      paymentPassword: '',
      affiliateCode: urlAffiliate.code,
      captcha: '',
      termsAccepted: true,
      ageConsent: false,
      signupBonus: false,
    },
    resolver: checksResolver(checks),
    // The URL's code was refused on load: say why under its field at once (spec §5: registration stops).
    errors: urlAffiliateErrors,
  });
  const handleSubmit = async (values: RegisterValues) => {
    const password = shown.password ? values.password : '';
    const body: RegisterBody = {
      username: mode === 'mobile' ? values.mobileNum : values.username,
      password,
      confirmPassword: mode === 'mobile' ? password : values.confirmPassword,
      termsAccepted: values.termsAccepted,
      ageConsent: values.ageConsent,
      registerUrl: window.location.href.slice(0, 500),
      domain: window.location.hostname,
      registerMethod: 'WEB',
      login: true,
    };
    for (const field of shown.profile) {
      const value = optionalText(values[field]);
      if (value !== undefined) body[field] = value;
    }
    if (shown.mobileNum && values.mobileNum) {
      body.mobileNum = values.mobileNum;
      body.countryDialingCode = values.countryDialingCode;
    }
    if (shown.verificationCode && values.verificationCode) body.verificationCode = values.verificationCode;
    if (shown.paymentPassword) body.paymentPassword = values.paymentPassword;
    const affiliate = urlAffiliate.isValid ? urlAffiliate.code : values.affiliateCode;
    if (affiliate) body.affiliateCode = affiliate;
    if (referralCode) body.referralCode = referralCode;
    if (signupOffer && values.signupBonus) body.signupPromotionId = signupOffer.id;
    if (captcha.isShown && captcha.captcha) {
      body.captchaId = captcha.captcha.captchaId;
      body.captcha = values.captcha;
    }
    try {
      body.botCheck = await botCheck.token();
      completeLogin(await register(mode, body));
      onDone();
    } catch (error) {
      botCheck.reset(); // a failed registration resets the bot widget, as a failed login does (spec §4)
      if (captcha.isShown) {
        form.setValue('captcha', '');
        captcha.refresh({ isRequired: true });
      }
      if (error instanceof ApiError && error.code === 'invitation_code_error' && shown.affiliateCode) {
        form.setError('affiliateCode', { type: 'server', message: INVALID_INVITATION });
        return;
      }
      throw error;
    }
  };

  const mobileField = shown.mobileNum && (
    <TextField<RegisterValues>
      name="mobileNum"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      label={t('accounts.fields.mobile')}
      before={<DialCodeField<RegisterValues> name="countryDialingCode" />}
    />
  );

  return (
    <Form form={form} onSubmit={handleSubmit}>
      {mode === 'mobile' && mobileField}
      {shown.username && (
        <TextField<RegisterValues>
          name="username"
          label={t('accounts.fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
      {shown.password && (
        <TextField<RegisterValues>
          name="password"
          type="password"
          label={t('accounts.fields.password')}
          autoComplete="new-password"
        />
      )}
      {shown.confirmPassword && (
        <TextField<RegisterValues>
          name="confirmPassword"
          type="password"
          label={t('accounts.fields.confirm_password')}
          autoComplete="new-password"
        />
      )}
      {mode === 'username' && mobileField}
      {shown.verificationCode && (
        <TextField<RegisterValues>
          name="verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          label={t('accounts.fields.sms_code')}
          hint={shown.password ? undefined : t('accounts.register.code_only_hint')}
          after={
            <SmsCodeButton
              canSend={async () => (await form.trigger('mobileNum')) && form.getValues('mobileNum').trim() !== ''}
              onSend={() => sendRegisterSms(form.getValues('mobileNum').trim(), form.getValues('countryDialingCode'))}
            />
          }
        />
      )}
      {shown.paymentPassword && (
        <TextField<RegisterValues>
          name="paymentPassword"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          label={t('accounts.fields.payment_password')}
        />
      )}
      {shown.profile.map((field) => (
        <TextField<RegisterValues>
          key={field}
          name={field}
          type={field === 'email' ? 'email' : field === 'birthday' ? 'date' : 'text'}
          autoComplete={field === 'email' ? 'email' : field === 'fullName' ? 'name' : field === 'birthday' ? 'bday' : 'off'}
          label={t(PROFILE_LABELS[field])}
          hint={field === 'zalo' && zaloBonus ? t('accounts.register.zalo_bonus', { bonus: zaloBonus }) : undefined}
        />
      ))}
      {shown.affiliateCode && (
        <TextField<RegisterValues>
          name="affiliateCode"
          autoComplete="off"
          autoCapitalize="characters"
          label={t('accounts.fields.affiliate_code')}
        />
      )}
      {shown.captcha && (
        <TextField<RegisterValues>
          name="captcha"
          autoComplete="off"
          label={t('accounts.fields.captcha')}
          after={<CaptchaImage captcha={captcha.captcha} isFailed={captcha.isFailed} onRefresh={() => captcha.refresh()} />}
        />
      )}
      {referralCode && (
        <p className="text-sm text-slate-300" data-testid="register-referral">
          {t('accounts.register.invited', { code: referralCode })}
        </p>
      )}
      {signupOffer && (
        <CheckboxField<RegisterValues>
          name="signupBonus"
          label={t('accounts.register.signup_bonus', { title: signupOffer.title })}
        />
      )}
      <CheckboxField<RegisterValues> name="termsAccepted" label={<TermsConsentLabel />} />
      <CheckboxField<RegisterValues> name="ageConsent" label={t('accounts.register.age_consent', { age: 18 })} />
      <BotCheckBadge check={botCheck} />
      <FormAlert />
      <SubmitButton>{t('accounts.register.submit')}</SubmitButton>
    </Form>
  );
}

/**
 * Register popup (spec §2.3, §4, §5): username and mobile tabs per the switches, fields per the server's register
 * rules, the affiliate code of the URL checked on load, and auto-login after success.
 */
export function RegisterPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { product } = useSystemStatus();
  const features = useAccountFeatures();
  const rules = useQuery(registerRulesQuery());
  const [urlCode] = useState(() => affiliateCodeFromUrl(window.location.search));
  const [referralCode] = useState(() => referralCodeFromUrl(window.location.search));
  const affiliate = useQuery({ ...affiliateQuery(urlCode, window.location.hostname), enabled: urlCode !== '' });
  const modes: { value: Mode; label: string }[] = [];
  if (features.usernameRegistration) modes.push({ value: 'username', label: t('accounts.register.by_username') });
  if (features.mobileRegistration) modes.push({ value: 'mobile', label: t('accounts.register.by_mobile') });
  const [mode, setMode] = useState<Mode | null>(modes[0]?.value ?? null);
  const bonus = product.marketing.registerBonus;

  const isAffiliatePending = urlCode !== '' && affiliate.isPending;
  let body: React.ReactNode;
  if (mode === null) {
    body = <p className="text-sm text-slate-300">{t('accounts.register.closed')}</p>;
  } else if (rules.isPending || isAffiliatePending) {
    body = (
      <div role="status" className="grid min-h-40 place-items-center">
        <Spinner />
        <span className="sr-only">{t('app.screen_loading')}</span>
      </div>
    );
  } else if (rules.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-rose-300">
          {t(errorMessageKey(rules.error))}
        </p>
        <Button variant="secondary" onClick={() => void rules.refetch()}>
          {t('accounts.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <RegisterForm
        key={mode}
        mode={mode}
        rules={rules.data}
        urlAffiliate={{ code: urlCode, isValid: urlCode !== '' && affiliate.isSuccess }}
        referralCode={referralCode}
        onDone={onClose}
      />
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={bonus ? t('accounts.register.title_bonus', { bonus }) : t('accounts.register.title')}
      closeLabel={t('modal.close')}
      width={480}
    >
      {mode !== null && <AccountTabs label={t('accounts.register.tabs')} tabs={modes} value={mode} onChange={setMode} />}
      {body}
    </Dialog>
  );
}
