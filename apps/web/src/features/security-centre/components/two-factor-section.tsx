import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorEnrolment } from '@tessera/contract/api/two-factor';
import { formatInteger } from '@tessera/contract/money-format';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { twoFactorQuery } from '../../../lib/two-factor';
import { Button } from '../../../ui/button';
import { Form, FormAlert, SubmitButton, TextField } from '../../../ui/form/form';
import { GoogleCodeField } from '../../../ui/form/google-code-field';
import { checksResolver, required } from '../../../ui/form/rules-resolver';
import { QrCode } from '../../../ui/qr-code';
import { confirmTwoFactorEnrolment, disableTwoFactor, startTwoFactorEnrolment } from '../api/security-calls';

interface CodeValues {
  code: string;
}

/** Scan (or type the secret), prove a first code; the recovery codes are then shown this once. */
function Enrolment({ enrolment, onEnabled }: { enrolment: TwoFactorEnrolment; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const form = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: checksResolver<CodeValues>({ code: [required()] }) });
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <QrCode text={enrolment.uri} label={t('two_factor.qr_label')} className="size-44 shrink-0 p-1" />
      <div className="flex min-w-0 flex-col gap-3">
        <ol className="list-decimal ps-5 text-sm text-slate-300">
          <li>{t('two_factor.step_scan')}</li>
          <li>{t('two_factor.step_code')}</li>
        </ol>
        <p className="text-sm text-slate-400">
          {t('two_factor.secret')}{' '}
          <code className="break-all text-slate-100" data-testid="two-factor-secret">
            {enrolment.secret}
          </code>
        </p>
        <Form
          form={form}
          onSubmit={async ({ code }) => onEnabled(await confirmTwoFactorEnrolment(code.trim()).then((v) => v.recoveryCodes))}
        >
          <TextField<CodeValues>
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            label={t('two_factor.first_code')}
          />
          <FormAlert />
          <SubmitButton isWide={false}>{t('two_factor.turn_on')}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-sm text-slate-300">{t('two_factor.codes_intro')}</p>
      <ol className="grid grid-cols-2 gap-1 font-mono text-sm text-slate-100" aria-label={t('two_factor.codes_title')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button variant="secondary" className="self-start" onClick={onDone}>
        {t('two_factor.codes_kept')}
      </Button>
    </div>
  );
}

function TurnOff({ onOff }: { onOff: () => void }) {
  const { t } = useTranslation();
  const form = useForm<{ googleCode: string }>({
    defaultValues: { googleCode: '' },
    resolver: checksResolver<{ googleCode: string }>({ googleCode: [required()] }),
  });
  return (
    <Form
      form={form}
      onSubmit={async ({ googleCode }) => {
        await disableTwoFactor(googleCode.trim());
        onOff();
      }}
      label={t('two_factor.turn_off')}
      className="flex flex-col gap-3"
    >
      <GoogleCodeField<{ googleCode: string }> name="googleCode" />
      <FormAlert />
      <SubmitButton isWide={false}>{t('two_factor.turn_off')}</SubmitButton>
    </Form>
  );
}

/**
 * Two-factor login with an authenticator app ("Google code", spec §4): once on, every login, withdrawal and
 * security change asks for its code.
 */
export function TwoFactorSection({ sectionClass, headingClass }: { sectionClass: string; headingClass: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { data } = useQuery(twoFactorQuery());
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [isStarting, setStarting] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['security'] });
    void client.invalidateQueries({ queryKey: ['withdrawal', 'info'] });
  };
  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await startTwoFactorEnrolment());
    } finally {
      setStarting(false);
    }
  };
  let body: ReactNode = null;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (data?.enabled)
    body = (
      <>
        <p className="text-sm text-emerald-300">
          {t('two_factor.is_on', { left: formatInteger(data.recoveryCodesLeft, i18n.language) })}
        </p>
        <TurnOff onOff={refresh} />
      </>
    );
  else if (enrolment)
    body = (
      <Enrolment
        enrolment={enrolment}
        onEnabled={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
          refresh();
        }}
      />
    );
  else if (data)
    body = (
      <>
        <p className="text-sm text-slate-400">{t('two_factor.is_off')}</p>
        <Button variant="secondary" className="self-start" disabled={isStarting} onClick={() => void start()}>
          {t('two_factor.set_up')}
        </Button>
      </>
    );
  return (
    <section className={sectionClass} aria-labelledby="two-factor">
      <h3 id="two-factor" className={headingClass}>
        {t('two_factor.title')}
      </h3>
      {body}
    </section>
  );
}
