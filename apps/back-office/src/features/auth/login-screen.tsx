import * as routes from '@tessera/contract/routes/back-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { staffSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { LanguageSwitch } from '../../ui/language-switch';
import { ErrorNotice } from '../../ui/states';

/** Staff login: name and password, then the code from the authenticator app (or a recovery code). */
export function LoginScreen() {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const answer = await apiCall(routes.login, {
        body: { name: String(form.get('name')).trim(), password: String(form.get('password')) },
      });
      setChallenge(answer.challenge);
    });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!challenge) return;
    void run(async () => {
      const answer = await apiCall(routes.secondFactor, { body: { challenge, code: String(form.get('code')).trim() } });
      staffSession.start(answer.token, answer.me);
    });
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <LanguageSwitch className="language-switch-corner" />
        <h1>{t('auth.title')}</h1>
        {challenge === null ? (
          <form onSubmit={submitPassword} aria-describedby="login-intro">
            <p id="login-intro">{t('auth.intro')}</p>
            <Field label={t('auth.name')} name="name" autoComplete="username" required maxLength={32} autoFocus />
            <Field
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
            />
            {error !== null && <ErrorNotice error={error} />}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('auth.continue')}
            </button>
          </form>
        ) : (
          <form onSubmit={submitCode}>
            <h2>{t('auth.second_factor')}</h2>
            <Field
              label={t('auth.code')}
              hint={t('auth.code_hint')}
              name="code"
              autoComplete="one-time-code"
              required
              minLength={6}
              maxLength={11}
              autoFocus
            />
            {error !== null && <ErrorNotice error={error} />}
            <div className="actions">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('auth.log_in')}
              </button>
              <button type="button" className="btn" onClick={() => setChallenge(null)}>
                {t('auth.start_again')}
              </button>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
