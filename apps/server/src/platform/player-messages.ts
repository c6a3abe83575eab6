import bn from './player-messages/bn.json' with { type: 'json' };
import en from './player-messages/en.json' with { type: 'json' };

export type PlayerMessageKey = keyof typeof en;

/** Texts the server sends a player outside the site (SMS, mail), per language; the keys of every file are en's. */
export const PLAYER_MESSAGES = { en, bn } as const satisfies Record<string, Record<PlayerMessageKey, string>>;

const isLanguage = (language: string): language is keyof typeof PLAYER_MESSAGES => Object.hasOwn(PLAYER_MESSAGES, language);

/**
 * The text of `key` in `language` (English when the site has no texts in it), with its `{{name}}` parameters
 * filled. Numbers go through the language's digits, except a code, which the player types back as sent.
 */
export function playerMessage(language: string, key: PlayerMessageKey, params: Record<string, string | number>): string {
  const lang = isLanguage(language) ? language : 'en';
  return PLAYER_MESSAGES[lang][key].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`player message ${key} needs ${name}`);
    return typeof value === 'number' ? new Intl.NumberFormat(lang, { useGrouping: false }).format(value) : value;
  });
}
