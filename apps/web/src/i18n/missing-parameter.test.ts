import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from './i18n';
import { onMissingParameter } from './missing-parameter';

describe('a message shown without a parameter it names', () => {
  const reported: string[] = [];
  afterEach(() => {
    reported.length = 0;
  });

  for (const language of ['en', 'bn']) {
    it(`is reported and never shows a bare placeholder (${language.toUpperCase()})`, async () => {
      await activateLanguage(language);
      onMissingParameter((_message, name) => reported.push(name));
      const text = i18n.t('validation.too_short');
      expect(text).not.toContain('{{');
      expect(reported).toEqual(['min']);
      expect(i18n.t('validation.too_short', { min: 2 })).not.toContain('{{');
      expect(reported).toEqual(['min']);
    });
  }
});
