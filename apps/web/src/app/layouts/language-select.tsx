import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { offeredLanguages } from '../../i18n/languages';
import { switchLanguage } from '../../i18n/locale-query';
import { useSystemStatus } from '../../lib/system-status';
import { LANGUAGE_SELECT_ATTRIBUTE, releaseLanguageSelect } from '../prerender/static-home';

/** Spec 2.2: shown only when the site offers more than one language. */
export function LanguageSelect({ className = 'flex' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  const queryClient = useQueryClient();
  const id = useId();
  // The static home page's own handler (static-home.ts) reloads in the chosen language; from here on the app switches.
  useEffect(releaseLanguageSelect, []);
  const languages = offeredLanguages(product.supportLanguages);
  if (languages.length < 2) return null;
  return (
    <div className={`${className} items-center`}>
      <label htmlFor={id} className="sr-only">
        {t('language.select')}
      </label>
      <select
        id={id}
        value={i18n.language}
        {...{ [LANGUAGE_SELECT_ATTRIBUTE]: '' }}
        onChange={(event) => void switchLanguage(queryClient, event.target.value)}
        className="h-10 max-w-24 rounded-lg border border-slate-700 bg-slate-900 px-1.5 text-sm text-slate-100 sm:max-w-none sm:px-2"
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
