import type { InitOptions } from 'i18next';
import { missingParameter } from './missing-parameter';

/**
 * The options of every translator of the app's messages: the browser's (i18n.ts) and the server's prerender of the
 * home page (app/prerender/render-home.tsx). One set, so a page the server writes reads exactly as the browser
 * renders it: numbers in the language's numerals (with `numberFormatter`, which both use), a missing parameter
 * left out, no fallback language.
 */
export const TRANSLATOR_OPTIONS = {
  // Every locale is complete (scripts/check-locales.mjs), so no fallback language is loaded.
  fallbackLng: false,
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false, alwaysFormat: true },
  missingInterpolationHandler: missingParameter,
  returnNull: false,
  react: { useSuspense: false },
} as const satisfies InitOptions;
