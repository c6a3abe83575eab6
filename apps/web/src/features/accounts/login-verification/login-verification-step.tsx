import type { LoginVerificationMethod, LoginVerificationRequired } from '@tessera/contract/api/login-challenge';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Form, FormAlert, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, type FieldCheck, required } from '../../../ui/form/rules-resolver';
import { completeLogin } from '../complete-login';
import { SmsCodeButton } from '../components/sms-code-button';
import { smsCodeFormat } from '../field-checks';
import { completeLoginVerification, sendLoginVerificationCode } from './verification-calls';

interface Values {
  method: LoginVerificationMethod;
  code: string;
}

/** How each method shows: its radio label, and whether it sends a code (bankName asks for a name instead). */
const METHODS = {
  mobile: { label: 'accounts.login_verification.by_mobile', sendsCode: true },
  email: { label: 'accounts.login_verification.by_email', sendsCode: true },
  bankName: { label: 'accounts.login_verification.by_bank_name', sendsCode: false },
  googleCode: { label: 'accounts.login_verification.by_google_code', sendsCode: false },
} as const satisfies Record<LoginVerificationMethod, { label: string; sendsCode: boolean }>;

/** The code's format only matters for a code; an answer (a holder name) is only required. */
const codeFormatWhenSent: FieldCheck<Values> = (value, values) =>
  METHODS[values.method]?.sendsCode ? smsCodeFormat<Values>()(value, values) : null;

/**
 * Spec §4 new-address verification inside the login popup: choose where the code goes, send it (the SMS button's
 * countdown), enter it, and the login completes as any other; or choose a bound bank account and type its holder
 * name. A dead ticket sends the player back to the form.
 */
export function LoginVerificationStep({
  held,
  onDone,
  onRestart,
}: {
  held: LoginVerificationRequired;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [isExpired, setExpired] = useState(false);
  const form = useForm<Values>({
    defaultValues: { method: held.methods[0]?.method, code: '' },
    resolver: checksResolver<Values>({ code: [required(), codeFormatWhenSent] }),
  });
  const sendsCode = METHODS[form.watch('method')]?.sendsCode ?? true;
  // Two-factor: the authenticator alone, nothing to choose or send.
  const isSecondFactor = held.methods.some(({ method }) => method === 'googleCode');

  const handleSubmit = async (values: Values) => {
    try {
      completeLogin(await completeLoginVerification(held.ticket, values.code, values.method));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'login.verification.expired') setExpired(true);
      throw error;
    }
  };

  return (
    <Form form={form} onSubmit={handleSubmit}>
      <p className="text-sm text-slate-300">
        {t(isSecondFactor ? 'accounts.login_verification.google_intro' : 'accounts.login_verification.intro')}
      </p>
      <fieldset className="flex flex-col gap-2" hidden={isSecondFactor}>
        <legend className="mb-1 text-sm font-medium text-slate-200">{t('accounts.login_verification.choose')}</legend>
        {held.methods.map(({ method, target }) => (
          <label
            key={method}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-700 px-3 text-sm text-slate-200 has-[:checked]:border-amber-400"
          >
            <input type="radio" value={method} className="size-4 accent-amber-400" {...form.register('method')} />
            <span>{t(METHODS[method].label, { target })}</span>
          </label>
        ))}
      </fieldset>
      <TextField<Values>
        name="code"
        inputMode={sendsCode ? 'numeric' : undefined}
        autoComplete={sendsCode || isSecondFactor ? 'one-time-code' : 'off'}
        label={t(
          isSecondFactor
            ? 'accounts.login_verification.google_code'
            : sendsCode
              ? 'accounts.login_verification.code'
              : 'accounts.login_verification.answer',
        )}
        after={
          // Hidden rather than unmounted, so its countdown survives a look at another method.
          <span hidden={!sendsCode} className="contents">
            <SmsCodeButton
              canSend={async () => !isExpired}
              onSend={() => sendLoginVerificationCode(held.ticket, form.getValues('method'))}
            />
          </span>
        }
      />
      <FormAlert />
      {isExpired ? (
        <Button variant="secondary" className="min-h-11 w-full" onClick={onRestart}>
          {t('accounts.login_verification.restart')}
        </Button>
      ) : (
        <SubmitButton>{t('accounts.login_verification.submit')}</SubmitButton>
      )}
    </Form>
  );
}
