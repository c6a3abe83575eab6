import messages from 'virtual:boot-messages';
import type en from '../../../../locales/en.json';
import { LANGUAGES } from './languages';

export type BootMessageKey = keyof (typeof en)['app']['boot'];

/**
 * The few strings shown before any locale chunk is loaded (and when it cannot be): taken at build time
 * from the `app.boot` section of each locale file by the `virtual:boot-messages` Vite plugin.
 */
export function bootMessage(key: BootMessageKey, language: string): string {
  const table = messages as Record<string, Partial<Record<BootMessageKey, string>>>;
  return table[language]?.[key] ?? table.en?.[key] ?? table[LANGUAGES[0]?.code ?? 'en']?.[key] ?? key;
}
