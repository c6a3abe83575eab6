import 'i18next';
import type en from '../../../../locales/en.json';

// Keys are typed from the source locale: a key missing from en.json is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
