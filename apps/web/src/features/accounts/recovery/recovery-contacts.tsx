import type { ContactChannel } from '@tessera/contract/api/recovery-contacts';
import type { SecurityOverview } from '@tessera/contract/api/security-centre';
import { CONTACT_RESEND_SECONDS } from '@tessera/contract/routes/recovery-contacts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { GoogleCodeField } from '../../../ui/form/google-code-field';
import { byRule, checksResolver, required } from '../../../ui/form/rules-resolver';
import { sendContactCode, verifyContact } from '../api/recovery-calls';
import { DialCodeField, useDefaultDialCode } from '../components/dial-code-field';
import { SmsCodeButton } from '../components/sms-code-button';
import { dialCodeChosen, mobileFormat, smsCodeFormat } from '../field-checks';

export type RecoveryStatus = Pick<
  SecurityOverview,
  'emailMasked' | 'emailVerified' | 'mobileMasked' | 'mobileVerified' | 'twoFactorEnabled'
>;

interface ContactValues {
  email: string;
  countryDialingCode: string;
  mobileNum: string;
  password: string;
  googleCode: string;
  code: string;
}

/** The server's rule for a recovery e-mail (pattern 3), so the form says what the server would. */
const EMAIL_RULE = { shown: true, required: true, acceptedPattern: '*', patternId: 3, minLength: 3, maxLength: 200 };

/**
 * `replacing`: the account has this channel proven already, so the new address takes the login password.
 * `hasTwoFactor`: the send carries the authenticator's code, asked before any address is bound.
 */
function BindForm({
  channel,
  replacing,
  hasTwoFactor,
  onDone,
}: {
  channel: ContactChannel;
  replacing: boolean;
  hasTwoFactor: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const defaultDialCode = useDefaultDialCode();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    defaultValues: { email: '', countryDialingCode: defaultDialCode, mobileNum: '', password: '', googleCode: '', code: '' },
    resolver: checksResolver<ContactValues>({
      ...(channel === 'email'
        ? { email: [required(), byRule(EMAIL_RULE, { shown: true, required: true })] }
        : { mobileNum: [required(), mobileFormat(), dialCodeChosen()] }),
      ...(replacing ? { password: [required()] } : {}),
      ...(hasTwoFactor ? { googleCode: [required()] } : {}),
      code: [required(), smsCodeFormat()],
    }),
  });
  const addressField = channel === 'email' ? 'email' : 'mobileNum';
  const address = () =>
    channel === 'email'
      ? form.getValues('email').trim()
      : `+${form.getValues('countryDialingCode').replace(/^\+/, '')} ${form.getValues('mobileNum').trim()}`;

  const send = async () => {
    const password = {
      ...(replacing ? { password: form.getValues('password') } : {}),
      ...(hasTwoFactor ? { googleCode: form.getValues('googleCode').trim() } : {}),
    };
    const sent = await sendContactCode(
      channel === 'email'
        ? { channel, email: form.getValues('email').trim(), ...password }
        : {
            channel,
            mobileNum: form.getValues('mobileNum').trim(),
            countryDialingCode: form.getValues('countryDialingCode'),
            ...password,
          },
    );
    setSentTo(address());
    return sent;
  };

  const handleSubmit = async (values: ContactValues) => {
    await verifyContact(channel, values.code);
    onDone();
  };

  return (
    <Form form={form} onSubmit={handleSubmit} label={t(`security.recovery.${channel}_form`)}>
      {channel === 'email' ? (
        <TextField<ContactValues>
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          label={t('security.recovery.email_address')}
        />
      ) : (
        <TextField<ContactValues>
          name="mobileNum"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          label={t('accounts.fields.mobile')}
          before={<DialCodeField<ContactValues> name="countryDialingCode" />}
        />
      )}
      {replacing && (
        <TextField<ContactValues>
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('security.recovery.password')}
          hint={t(`security.recovery.${channel}_password_hint`)}
        />
      )}
      {hasTwoFactor && <GoogleCodeField<ContactValues> name="googleCode" />}
      <TextField<ContactValues>
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('security.recovery.code')}
        after={
          <SmsCodeButton
            canSend={() =>
              form.trigger([
                addressField,
                ...(replacing ? ['password' as const] : []),
                ...(hasTwoFactor ? ['googleCode' as const] : []),
              ])
            }
            onSend={send}
            waitSeconds={CONTACT_RESEND_SECONDS}
          />
        }
      />
      <FormNotice>{sentTo && t(`security.recovery.${channel}_sent`, { address: sentTo })}</FormNotice>
      <FormAlert />
      <SubmitButton>{t('security.recovery.verify')}</SubmitButton>
    </Form>
  );
}

function ContactRow({
  channel,
  masked,
  isVerified,
  hasTwoFactor,
  onChanged,
}: {
  channel: ContactChannel;
  masked: string | null;
  isVerified: boolean;
  hasTwoFactor: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [isEditing, setEditing] = useState(false);
  const [isDone, setDone] = useState(false);
  const label = t(channel === 'email' ? 'security.recovery.email' : 'security.recovery.mobile');
  const action = !masked ? 'add' : isVerified ? 'change' : 'verify';
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-slate-800/70 px-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex min-w-0 flex-col">
          <span className="text-slate-400">{label}</span>
          <span className="font-semibold break-all text-slate-100">{masked ?? t('security.recovery.none')}</span>
        </span>
        <span className="flex items-center gap-2">
          {masked && (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                isVerified ? 'bg-emerald-500/15 text-emerald-300' : 'bg-amber-500/15 text-amber-300'
              }`}
            >
              {t(isVerified ? 'security.recovery.verified' : 'security.recovery.not_verified')}
            </span>
          )}
          <Button
            variant="secondary"
            className="min-h-11"
            aria-expanded={isEditing}
            aria-controls={formId}
            aria-label={t(`security.recovery.${action}_label`, { contact: label })}
            onClick={() => {
              setDone(false);
              setEditing(!isEditing);
            }}
          >
            {isEditing ? t('security.recovery.cancel') : t(`security.recovery.${action}`)}
          </Button>
        </span>
      </div>
      {!isVerified && masked && !isEditing && (
        <p className="text-sm text-amber-200/90">{t(`security.recovery.${channel}_unverified_hint`)}</p>
      )}
      <div id={formId} hidden={!isEditing}>
        {isEditing && (
          <BindForm
            channel={channel}
            replacing={isVerified}
            hasTwoFactor={hasTwoFactor}
            onDone={() => {
              setEditing(false);
              setDone(true);
              onChanged();
            }}
          />
        )}
      </div>
      {isDone && <FormNotice>{t(`security.recovery.${channel}_done`)}</FormNotice>}
    </li>
  );
}

/**
 * My account's way back in: the e-mail and mobile a password reset can reach, each proven with a one-time code
 * sent there. Adding, changing and proving an address is one form: the address, its code, verify.
 */
export function RecoveryContacts({ status, onChanged }: { status: RecoveryStatus; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4"
      aria-labelledby="recovery-contacts"
      data-testid="recovery-contacts"
    >
      <h3 id="recovery-contacts" className="text-base font-semibold text-slate-100">
        {t('security.recovery.title')}
      </h3>
      <p className="text-sm text-slate-400">{t('security.recovery.intro')}</p>
      <ul className="flex flex-col gap-2">
        <ContactRow
          channel="email"
          masked={status.emailMasked}
          isVerified={status.emailVerified}
          hasTwoFactor={status.twoFactorEnabled}
          onChanged={onChanged}
        />
        <ContactRow
          channel="mobile"
          masked={status.mobileMasked}
          isVerified={status.mobileVerified}
          hasTwoFactor={status.twoFactorEnabled}
          onChanged={onChanged}
        />
      </ul>
    </section>
  );
}
