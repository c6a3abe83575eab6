import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterRule } from '@tessera/contract/settings';
import { PASSWORD_LENGTH } from '@tessera/contract/validation/validate-field';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModals } from '../../../lib/modal-store';
import { twoFactorQuery } from '../../../lib/two-factor';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { GoogleCodeField } from '../../../ui/form/google-code-field';
import { byRule, checksResolver, differsFrom, type FormChecks, required, sameAs } from '../../../ui/form/rules-resolver';
import { Spinner } from '../../../ui/spinner';
import { changePassword, forgotPasswordByEmail, resetPassword, setPasswordByPhone } from '../api/password-calls';
import { sendPasswordResetSms } from '../api/recovery-calls';
import { registerRulesQuery } from '../api/register-calls';
import { completeLogin } from '../complete-login';
import { dialCodeChosen, mobileFormat, notWeakDefault, smsCodeFormat } from '../field-checks';
import { useAccountFeatures } from '../hooks/use-account-features';
import { useCaptcha } from '../hooks/use-captcha';
import { AccountTabs } from './account-tabs';
import { CaptchaImage } from './captcha-image';
import { closeOn } from './close-on';
import { DialCodeField, useDefaultDialCode } from './dial-code-field';
import { SmsCodeButton } from './sms-code-button';

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-32 place-items-center">
      <Spinner />
      <span className="sr-only">{t('app.screen_loading')}</span>
    </div>
  );
}

/** The merchant's password rule (spec §5 "new password with the password rule"); the rules load with the popup. */
function usePasswordRule() {
  return useQuery({ ...registerRulesQuery(), select: (rules) => rules.password });
}

interface NewPasswordValues {
  newPassword: string;
  confirmNewPassword: string;
}

/** A new password (spec §5: the password rule, never the weak default) and its confirmation ('Incorrect confirmation input'). */
const newPasswordChecks = <V extends NewPasswordValues>(rule: RegisterRule | undefined): FormChecks<V> =>
  ({
    newPassword: [required(), byRule(rule, { shown: true, required: true }, PASSWORD_LENGTH), notWeakDefault()],
    confirmNewPassword: [required(), sameAs('newPassword')],
  }) as FormChecks<V>;

/** The two fields of every form that sets a new password (change, by phone, mailed link). */
function NewPasswordFields<V extends NewPasswordValues>() {
  const { t } = useTranslation();
  return (
    <>
      <TextField<V>
        name={'newPassword' as Path<V>}
        type="password"
        autoComplete="new-password"
        label={t('accounts.fields.new_password')}
      />
      <TextField<V>
        name={'confirmNewPassword' as Path<V>}
        type="password"
        autoComplete="new-password"
        label={t('accounts.fields.confirm_new_password')}
      />
    </>
  );
}

interface ChangeValues extends NewPasswordValues {
  oldPassword: string;
  googleCode: string;
}

/** A wrong, missing or locked authenticator code is the code field's problem. */
const codeFieldOf = (error: { code: string }) => (error.code.startsWith('twofactor.') ? ('googleCode' as const) : undefined);

/**
 * Change password (spec §4, §5), from the avatar menu or forced after login (123456 or expired). The forced
 * change sends the server's single-use grant instead of the old password, which the browser never keeps.
 * Success reloads member info and says the password was changed; done, it closes and goes to / (then the
 * first-login step, when this was the first login).
 */
export function ChangePasswordPopup({
  onClose,
  grant,
  isExpired = false,
  firstLogin,
}: {
  onClose: () => void;
  grant?: string;
  isExpired?: boolean;
  /** A forced change at an account's first login: the first-login step opens once the change is done. */
  firstLogin?: { account: string; id: number; agentType: number };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const isForced = grant !== undefined;
  // The forced change follows a login that has just asked for the code; a change from the menu asks it again.
  const twoFactor = useQuery({ ...twoFactorQuery(), enabled: !isForced });
  const hasTwoFactor = !isForced && twoFactor.data?.enabled === true;
  const [isChanged, setChanged] = useState(false);
  const form = useForm<ChangeValues>({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '', googleCode: '' },
    resolver: (values, context, options) => {
      const checks = newPasswordChecks<ChangeValues>(rule.data);
      return checksResolver<ChangeValues>({
        ...checks,
        ...(isForced
          ? {}
          : {
              oldPassword: [required()],
              newPassword: [...(checks.newPassword ?? []), differsFrom('oldPassword', 'errors.new_password_same')],
              ...(hasTwoFactor ? { googleCode: [required()] } : {}),
            }),
      })(values, context, options);
    },
  });

  const handleSubmit = async (values: ChangeValues) => {
    await changePassword({
      ...(isForced ? { grant } : { oldPassword: values.oldPassword }),
      newPassword: values.newPassword,
      confirmNewPassword: values.confirmNewPassword,
      ...(hasTwoFactor ? { googleCode: values.googleCode.trim() } : {}),
    });
    await queryClient.invalidateQueries({ queryKey: ['accounts', 'member-info'] });
    setChanged(true);
  };

  const finish = () => {
    onClose();
    void navigate('/');
    if (firstLogin) useModals.getState().open('firstLogin', firstLogin);
  };

  return (
    <Dialog
      open
      onOpenChange={closeOn(isChanged ? finish : onClose)}
      title={t('accounts.password.change_title')}
      description={isForced ? t(isExpired ? 'accounts.password.forced_expired' : 'accounts.password.forced_weak') : undefined}
      showClose={!isForced || isChanged}
      closeLabel={t('modal.close')}
      width={440}
    >
      {rule.isPending || (!isForced && twoFactor.isPending) ? (
        <Loading />
      ) : isChanged ? (
        <div className="grid gap-4">
          <FormNotice>{t('accounts.password.changed')}</FormNotice>
          <Button onClick={finish}>{t('accounts.password.changed_done')}</Button>
        </div>
      ) : (
        <Form form={form} onSubmit={handleSubmit} errorField={codeFieldOf}>
          {!isForced && (
            <TextField<ChangeValues>
              name="oldPassword"
              type="password"
              autoComplete="current-password"
              label={t('accounts.fields.old_password')}
            />
          )}
          <NewPasswordFields<ChangeValues> />
          {hasTwoFactor && <GoogleCodeField<ChangeValues> name="googleCode" />}
          <FormAlert />
          <SubmitButton>{t('accounts.password.change_submit')}</SubmitButton>
        </Form>
      )}
    </Dialog>
  );
}

interface EmailValues {
  username: string;
  email: string;
  captcha: string;
}

function ForgotByEmail() {
  const { t } = useTranslation();
  const rules = useQuery(registerRulesQuery());
  const captcha = useCaptcha(true);
  const [isSent, setSent] = useState(false);
  const form = useForm<EmailValues>({
    defaultValues: { username: '', email: '', captcha: '' },
    resolver: (values, context, options) =>
      checksResolver<EmailValues>({
        username: [required(), byRule(rules.data?.username, { shown: true, required: true })],
        email: [
          required(),
          byRule(
            rules.data?.email ?? {
              shown: true,
              required: true,
              acceptedPattern: '*',
              patternId: 3,
              minLength: 3,
              maxLength: 200,
            },
            {
              shown: true,
              required: true,
            },
          ),
        ],
        captcha: [required()],
      })(values, context, options),
  });

  const handleSubmit = async (values: EmailValues) => {
    try {
      await forgotPasswordByEmail({
        username: values.username,
        email: values.email,
        captchaId: captcha.captcha?.captchaId ?? '',
        captcha: values.captcha,
      });
      setSent(true);
    } catch (error) {
      form.setValue('captcha', '');
      captcha.refresh({ isRequired: true });
      throw error;
    }
  };

  if (isSent) {
    return (
      <p role="status" className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-3 text-sm text-emerald-200">
        {t('in_been_out')}
      </p>
    );
  }
  if (rules.isPending) return <Loading />;
  return (
    <Form form={form} onSubmit={handleSubmit}>
      <TextField<EmailValues>
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        label={t('accounts.fields.username')}
      />
      <TextField<EmailValues>
        name="email"
        type="email"
        autoComplete="email"
        label={t('accounts.fields.email')}
        hint={t('accounts.forgot.email_hint')}
      />
      <TextField<EmailValues>
        name="captcha"
        autoComplete="off"
        label={t('accounts.fields.captcha')}
        after={<CaptchaImage captcha={captcha.captcha} isFailed={captcha.isFailed} onRefresh={() => captcha.refresh()} />}
      />
      <FormAlert />
      <SubmitButton>{t('accounts.forgot.send_link')}</SubmitButton>
    </Form>
  );
}

interface PhoneValues extends NewPasswordValues {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
}

/**
 * Spec §4 by phone (CHNGPASSVERIF3): get a code, set a new password, log in, go to /. Only a verified mobile gets
 * the code, and the page says so without telling whether this number is one.
 */
function ForgotByPhone({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const defaultDialCode = useDefaultDialCode();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<PhoneValues>({
    defaultValues: {
      countryDialingCode: defaultDialCode,
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
      confirmNewPassword: '',
    },
    resolver: (values, context, options) =>
      checksResolver<PhoneValues>({
        mobileNum: [required(), mobileFormat(), dialCodeChosen()],
        verificationCode: [required(), smsCodeFormat()],
        ...newPasswordChecks<PhoneValues>(rule.data),
      })(values, context, options),
  });

  const handleSubmit = async (values: PhoneValues) => {
    completeLogin(await setPasswordByPhone(values));
    onDone();
    void navigate('/');
  };

  if (rule.isPending) return <Loading />;
  return (
    <Form form={form} onSubmit={handleSubmit}>
      <TextField<PhoneValues>
        name="mobileNum"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        label={t('accounts.fields.mobile')}
        before={<DialCodeField<PhoneValues> name="countryDialingCode" />}
      />
      <TextField<PhoneValues>
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('accounts.fields.sms_code')}
        after={
          <SmsCodeButton
            canSend={() => form.trigger('mobileNum')}
            onSend={async () => {
              const [mobile, dialCode] = [form.getValues('mobileNum').trim(), form.getValues('countryDialingCode')];
              const sent = await sendPasswordResetSms(mobile, dialCode);
              setSentTo(`+${dialCode.replace(/^\+/, '')} ${mobile}`);
              return sent;
            }}
          />
        }
      />
      <FormNotice>{sentTo && t('accounts.forgot.sms_sent', { mobile: sentTo })}</FormNotice>
      <NewPasswordFields<PhoneValues> />
      <FormAlert />
      <SubmitButton>{t('accounts.password.change_submit')}</SubmitButton>
    </Form>
  );
}

/**
 * Forgot password (spec §4, §5): by email, and by phone when CHNGPASSVERIF3 is on; each reaches only an address
 * the player verified in My account, which the popup says, along with where to turn without one.
 */
export function ForgotPasswordPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const features = useAccountFeatures();
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const tabs: { value: 'email' | 'phone'; label: string }[] = [{ value: 'email', label: t('accounts.forgot.by_email') }];
  if (features.passwordResetByPhone) tabs.push({ value: 'phone', label: t('accounts.forgot.by_phone') });
  return (
    <Dialog open onOpenChange={closeOn(onClose)} title={t('accounts.forgot.title')} closeLabel={t('modal.close')} width={440}>
      <AccountTabs label={t('accounts.forgot.tabs')} tabs={tabs} value={method} onChange={setMethod} />
      {method === 'email' ? <ForgotByEmail /> : <ForgotByPhone onDone={onClose} />}
      <p className="mt-4 text-sm text-slate-400">{t('accounts.forgot.no_contact')}</p>
    </Dialog>
  );
}

type ResetValues = NewPasswordValues;

/** The page of the mailed link (`/resetPassword?token=…`): choose a new password, then log in with it. */
export function ResetPasswordPopup({ onClose, token }: { onClose: () => void; token: string }) {
  const { t } = useTranslation();
  const rule = usePasswordRule();
  const [isDone, setDone] = useState(false);
  const form = useForm<ResetValues>({
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver: (values, context, options) =>
      checksResolver<ResetValues>({
        ...newPasswordChecks<ResetValues>(rule.data),
      })(values, context, options),
  });
  const handleSubmit = async (values: ResetValues) => {
    await resetPassword({ token, ...values });
    setDone(true);
  };
  return (
    <Dialog open onOpenChange={closeOn(onClose)} title={t('accounts.reset.title')} closeLabel={t('modal.close')} width={440}>
      {isDone ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-sm text-emerald-200">
            {t('accounts.reset.done')}
          </p>
          <Button onClick={onClose}>{t('modal.confirm')}</Button>
        </div>
      ) : rule.isPending ? (
        <Loading />
      ) : (
        <Form form={form} onSubmit={handleSubmit}>
          <NewPasswordFields<ResetValues> />
          <FormAlert />
          <SubmitButton>{t('accounts.password.change_submit')}</SubmitButton>
        </Form>
      )}
    </Dialog>
  );
}
