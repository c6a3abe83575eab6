import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n/i18n';
import { LANGUAGES } from '../i18n/languages';

/**
 * The language the back office is shown in: a native select (keyboard and screen readers know it), each language
 * named in its own script and marked with its `lang`, so a reader of either finds theirs whatever is shown now.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const choose = async (code: string) => {
    setBusy(true);
    setFailed(false);
    try {
      await switchLanguage(code);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className={`language-switch ${className}`.trim()}>
      <label htmlFor={id}>{t('shell.language')}</label>
      <select
        id={id}
        className="language-switch-select"
        value={i18n.language}
        disabled={busy}
        aria-describedby={failed ? `${id}-failed` : undefined}
        onChange={(event) => void choose(event.currentTarget.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      {failed && (
        <span id={`${id}-failed`} role="alert" className="language-failed">
          {t('shell.language_failed')}
        </span>
      )}
    </span>
  );
}
