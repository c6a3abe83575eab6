import type { LoginAnswer, LoginBody } from '@tessera/contract/api/accounts';
import type { LoginVerificationRequired } from '@tessera/contract/api/login-challenge';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { openServiceOrChat } from '../../../lib/customer-service';
import { useModals } from '../../../lib/modal-store';
import { useSystemStatus } from '../../../lib/system-status';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { CheckboxField, Form, FormAlert, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, required } from '../../../ui/form/rules-resolver';
import { sendLoginSms } from '../api/register-calls';
import { login, loginFreePlay } from '../api/session-calls';
import { BotCheckBadge } from '../bot-check/bot-check-badge';
import { useBotCheck } from '../bot-check/use-bot-check';
import { completeLogin } from '../complete-login';
import { dialCodeChosen, mobileFormat } from '../field-checks';
import { useAccountFeatures } from '../hooks/use-account-features';
import { useCaptcha } from '../hooks/use-captcha';
import { LoginVerificationStep } from '../login-verification/login-verification-step';
import { isVerificationRequired } from '../login-verification/verification-calls';
import { readRemembered, remember } from '../remember-me';
import { AccountTabs } from './account-tabs';
import { CaptchaImage } from './captcha-image';
import { DialCodeField, useDefaultDialCode } from './dial-code-field';
import { SmsCodeButton } from './sms-code-button';

type LoginTab = 'username' | 'sms';

/** Server answers that mean "show the image captcha from now on" (spec §4). */
const CAPTCHA_CODES = new Set(['login.invalid.captcha', 'login.captcha.required', 'login.captcha.invalid']);

interface UsernameValues {
  username: string;
  password: string;
  captcha: string;
  isRemembered: boolean;
}

function UsernameLogin({ onDone, onHeld }: { onDone: () => void; onHeld: (held: LoginVerificationRequired) => void }) {
  const { t } = useTranslation();
  const remembered = readRemembered();
  const captcha = useCaptcha();
  const botCheck = useBotCheck();
  const form = useForm<UsernameValues>({
    defaultValues: { username: remembered.username, password: '', captcha: '', isRemembered: remembered.isRemembered },
    resolver: checksResolver<UsernameValues>({
      username: [required()],
      password: [required()],
      ...(captcha.isShown ? { captcha: [required()] } : {}),
    }),
  });

  const handleSubmit = async (values: UsernameValues) => {
    const body: LoginBody = { username: values.username, password: values.password, type: 'username' };
    if (captcha.isShown && captcha.captcha) {
      body.captchaId = captcha.captcha.captchaId;
      body.captcha = values.captcha;
    }
    try {
      body.botCheck = await botCheck.token();
      const result: LoginAnswer = await login(body);
      remember(values.isRemembered, { username: values.username });
      // new-address verification: the popup turns into the verification step
      if (isVerificationRequired(result)) return onHeld(result);
      completeLogin(result);
      onDone();
    } catch (error) {
      botCheck.reset(); // spec §4: a failed login resets the bot widget
      // A captcha answer is single use: whatever happened, the next try needs a new image.
      form.setValue('captcha', '');
      if (error instanceof ApiError && CAPTCHA_CODES.has(error.code)) {
        if (captcha.isShown) captcha.refresh({ isRequired: true });
        else captcha.show();
      } else if (captcha.isShown) captcha.refresh({ isRequired: true });
      throw error;
    }
  };

  return (
    <Form form={form} onSubmit={handleSubmit}>
      <TextField<UsernameValues>
        name="username"
        label={t('accounts.fields.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField<UsernameValues>
        name="password"
        type="password"
        label={t('accounts.fields.password')}
        autoComplete="current-password"
      />
      {captcha.isShown && (
        <TextField<UsernameValues>
          name="captcha"
          label={t('accounts.fields.captcha')}
          autoComplete="off"
          inputMode="text"
          after={<CaptchaImage captcha={captcha.captcha} isFailed={captcha.isFailed} onRefresh={() => captcha.refresh()} />}
        />
      )}
      <CheckboxField<UsernameValues> name="isRemembered" label={t('accounts.login.remember')} />
      <BotCheckBadge check={botCheck} />
      <FormAlert />
      <SubmitButton>{t('accounts.login.submit')}</SubmitButton>
    </Form>
  );
}

interface SmsValues {
  countryDialingCode: string;
  mobileNum: string;
  code: string;
  isRemembered: boolean;
}

function SmsLogin({ onDone, defaultDialCode }: { onDone: () => void; defaultDialCode: string }) {
  const { t } = useTranslation();
  const remembered = readRemembered();
  const botCheck = useBotCheck();
  const form = useForm<SmsValues>({
    defaultValues: {
      countryDialingCode: remembered.dialCode || defaultDialCode,
      mobileNum: remembered.mobile,
      code: '',
      isRemembered: remembered.isRemembered,
    },
    resolver: checksResolver<SmsValues>({
      mobileNum: [required(), mobileFormat(), dialCodeChosen()],
      code: [required()],
    }),
  });

  const handleSubmit = async (values: SmsValues) => {
    let result: LoginAnswer;
    try {
      result = await login({
        username: values.mobileNum,
        password: values.code,
        type: 'sms',
        countryDialingCode: values.countryDialingCode,
        botCheck: await botCheck.token(),
      });
    } catch (error) {
      botCheck.reset(); // spec §4: a failed login resets the bot widget
      throw error;
    }
    // An SMS-code login proves the phone: the server never holds it for new-address verification.
    if (isVerificationRequired(result)) return;
    remember(values.isRemembered, { mobile: values.mobileNum, dialCode: values.countryDialingCode });
    completeLogin(result);
    onDone();
  };

  return (
    <Form form={form} onSubmit={handleSubmit}>
      <TextField<SmsValues>
        name="mobileNum"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        label={t('accounts.fields.mobile')}
        before={<DialCodeField<SmsValues> name="countryDialingCode" />}
      />
      <TextField<SmsValues>
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('accounts.fields.sms_code')}
        after={
          <SmsCodeButton
            canSend={() => form.trigger('mobileNum')}
            onSend={() => sendLoginSms(form.getValues('mobileNum').trim(), form.getValues('countryDialingCode'))}
          />
        }
      />
      <CheckboxField<SmsValues> name="isRemembered" label={t('accounts.login.remember')} />
      <BotCheckBadge check={botCheck} />
      <FormAlert />
      <SubmitButton>{t('accounts.login.submit')}</SubmitButton>
    </Form>
  );
}

/** Free play (FREEPLAY3): a trial account with play money, logged in at once. */
function FreePlayButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    setError(null);
    try {
      completeLogin(await loginFreePlay());
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.messageKey : 'errors.unknown');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" className="min-h-11 w-full" disabled={isBusy} onClick={() => void handleClick()}>
        {t('accounts.login.free_play')}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {t(error as 'errors.unknown')}
        </p>
      )}
    </div>
  );
}

/**
 * Login popup (spec §2.3, §4, §5): username and SMS tabs (SMS only with MOBILEVERCODELOGIN3), the image captcha
 * when the server asks for it, remember-me, and links to forgot password, registration and free play.
 */
export function LoginPopup({ onClose, tab = 'username' }: { onClose: () => void; tab?: LoginTab }) {
  const { t } = useTranslation();
  const features = useAccountFeatures();
  const open = useModals((state) => state.open);
  const defaultDialCode = useDefaultDialCode();
  const { info } = useSystemStatus();
  const [active, setActive] = useState<LoginTab>(features.smsLogin ? tab : 'username');
  const [held, setHeld] = useState<LoginVerificationRequired | null>(null);
  const tabs: { value: LoginTab; label: string }[] = [{ value: 'username', label: t('accounts.login.by_username') }];
  if (features.smsLogin) tabs.push({ value: 'sms', label: t('accounts.login.by_sms') });

  const handleRegister = () => {
    onClose();
    open('register', {});
  };
  const handleForgot = () => {
    onClose();
    open('forgotPassword', {});
  };
  // A visitor who cannot get in asks customer service before logging in (the chat room takes visitors).
  const handleChat = () => {
    onClose();
    openServiceOrChat(info.customerService);
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('accounts.login.title')}
      closeLabel={t('modal.close')}
      width={440}
    >
      {held ? (
        <LoginVerificationStep held={held} onDone={onClose} onRestart={() => setHeld(null)} />
      ) : (
        <>
          <AccountTabs label={t('accounts.login.tabs')} tabs={tabs} value={active} onChange={setActive} />
          {active === 'username' ? (
            <UsernameLogin onDone={onClose} onHeld={setHeld} />
          ) : (
            <SmsLogin onDone={onClose} defaultDialCode={defaultDialCode} />
          )}
        </>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="text-amber-300 hover:underline" onClick={handleForgot}>
          {t('accounts.login.forgot')}
        </button>
        <button type="button" className="text-amber-300 hover:underline" onClick={handleChat}>
          {t('accounts.login.live_chat')}
        </button>
        {features.usernameRegistration || features.mobileRegistration ? (
          <button type="button" className="text-amber-300 hover:underline" onClick={handleRegister}>
            {t('accounts.login.to_register')}
          </button>
        ) : null}
      </div>
      {features.freePlay && (
        <div className="mt-4 border-t border-slate-800 pt-4">
          <FreePlayButton onDone={onClose} />
        </div>
      )}
    </Dialog>
  );
}
