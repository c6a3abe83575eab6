import { useQuery } from '@tanstack/react-query';
import * as routes from '@tessera/contract/routes/back-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { Field } from '../../ui/field';
import { LanguageSwitch } from '../../ui/language-switch';
import { ErrorNotice, Loading } from '../../ui/states';

/** The token of the one-time link: it travels in the fragment, which no server or proxy log records. */
const tokenFromLink = () => window.location.hash.slice(1);

/** Enrolment from the one-time link: scan the QR code, choose a password, prove a first code, keep the recovery codes. */
export function EnrolScreen() {
  const { t } = useTranslation();
  const [token] = useState(tokenFromLink);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const qr = useQuery({
    queryKey: ['enrolment', token],
    queryFn: () => apiCall(routes.enrolmentStart, { body: { token } }),
    enabled: token.length > 0 && recoveryCodes === null,
    retry: false,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('confirm'))) {
      setError({ messageKey: 'enrol.passwords_differ' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await apiCall(routes.enrolmentComplete, {
        body: { token, password, code: String(form.get('code')).trim() },
      });
      setRecoveryCodes(answer.recoveryCodes);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <main className="auth-page">
        <div className="auth-card">
          <LanguageSwitch className="language-switch-corner" />
          <h1>{t('enrol.codes_title')}</h1>
          <p>{t('enrol.codes_intro')}</p>
          <ol className="recovery-codes" aria-label={t('enrol.codes_title')}>
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div className="actions">
            <button
              type="button"
              className="btn"
              onClick={() => downloadText('tessera-recovery-codes.txt', `${recoveryCodes.join('\n')}\n`, 'text/plain')}
            >
              {t('enrol.download_codes')}
            </button>
            <Link className="btn btn-primary" to="/login">
              {t('enrol.go_to_login')}
            </Link>
          </div>
        </div>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <LanguageSwitch className="language-switch-corner" />
        <h1>{t('enrol.title')}</h1>
        {!token || qr.isError ? (
          <ErrorNotice error={qr.error ?? { messageKey: 'errors.staff_enrolment_invalid' }} />
        ) : qr.isPending ? (
          <Loading />
        ) : (
          <form onSubmit={submit}>
            <p>{t('enrol.intro', { name: qr.data.name })}</p>
            <ol className="steps">
              <li>
                {t('enrol.scan')}
                <img className="qr" src={qr.data.qrDataUrl} width={240} height={240} alt={t('enrol.qr_alt')} />
                <p className="hint">
                  {t('enrol.secret')} <code data-testid="totp-secret">{qr.data.secret}</code>
                </p>
              </li>
              <li>
                {t('enrol.choose_password')}
                <Field
                  label={t('enrol.password')}
                  hint={t('enrol.password_hint')}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={12}
                  maxLength={128}
                />
                <Field
                  label={t('enrol.confirm')}
                  name="confirm"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={12}
                  maxLength={128}
                />
              </li>
              <li>
                <Field
                  label={t('enrol.code')}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  pattern="[0-9]{6}"
                  maxLength={6}
                />
              </li>
            </ol>
            {error !== null && <ErrorNotice error={error} />}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('enrol.finish')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
