import { describe, expect, it } from 'vitest';
import { PLAYER_MESSAGES, type PlayerMessageKey, playerMessage } from './player-messages.js';

const parametersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('player messages', () => {
  it('has every text in every language, with the same parameters', () => {
    const keys = Object.keys(PLAYER_MESSAGES.en) as PlayerMessageKey[];
    for (const [language, texts] of Object.entries(PLAYER_MESSAGES)) {
      const inLanguage: Record<string, string> = texts;
      expect(Object.keys(inLanguage).sort(), language).toEqual([...keys].sort());
      for (const key of keys)
        expect(parametersOf(inLanguage[key] ?? ''), `${language} ${key}`).toEqual(parametersOf(PLAYER_MESSAGES.en[key]));
    }
  });

  it('fills parameters, numbers in the language digits and the code as sent', () => {
    const text = playerMessage('bn', 'sms_code', { brand: 'Tessera', code: '012345', minutes: 5 });
    expect(text).toBe('Tessera: আপনার যাচাইকরণ কোড 012345। কোডটি ৫ মিনিটের মধ্যে মেয়াদোত্তীর্ণ হবে।');
    expect(playerMessage('xx', 'sms_code', { brand: 'B', code: '1', minutes: 5 })).toContain('expires in 5 minutes');
    expect(() => playerMessage('en', 'sms_code', { brand: 'B', code: '1' })).toThrow(/minutes/);
  });
});
