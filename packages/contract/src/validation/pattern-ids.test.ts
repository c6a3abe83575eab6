import { describe, expect, it } from 'vitest';
import { isPatternId, PATTERN_IDS, type PatternId, patternDefinition } from './pattern-ids.js';

const EXAMPLES: Record<PatternId, { accepts: string[]; rejects: string[] }> = {
  0: {
    accepts: ['anything goes', 'ñ 汉 ক 😀', '!@#'],
    rejects: ['nul\u0000byte', 'tab\there', 'line\nbreak', 'lone\ud800'],
  },
  1: { accepts: ['a', 'player01', 'Z9'], rejects: ['1player', '_user', 'user_name', 'user name', 'ñandu', 'ａbc'] },
  2: { accepts: ['张三', '北京2024', '2024年'], rejects: ['2024', '张 三', '张三!', 'abc张', '張三１'] },
  3: {
    accepts: ['a@b.co', 'first.last+tag@mail.example.com', "o'brien@example.ie", 'x@xn--p1ai.xn--p1ai'],
    rejects: [
      'plain',
      'a@b',
      'a@@b.co',
      'a@b@c.co',
      '.a@b.co',
      'a.@b.co',
      'a..b@c.co',
      'a@-b.co',
      'a@b-.co',
      'a@b..co',
      'a@b.c',
      'a@1.2.3.4',
      'a b@c.co',
      'ü@b.co',
      'a@bü.co',
      `${'a'.repeat(65)}@b.co`,
    ],
  },
  4: { accepts: ['abc', '123', 'abc123'], rejects: ['abc-123', 'abc 123', 'é1', '１２３'] },
  5: { accepts: ['abc1', '1a', 'A1b2'], rejects: ['abc', '123', 'abc_1', 'a 1'] },
  6: { accepts: ['0', '0123456789'], rejects: ['12a', '1.5', '-1', '١٢٣', '১২৩', '１２３'] },
  7: { accepts: ['A', 'Abc123', '1Z'], rejects: ['abc123', '123', 'Abc-123', 'ÀBC'] },
  8: { accepts: ['John', 'John Smith', 'Mary Ann Lee'], rejects: ['John2', 'José', "O'Brien", 'John\tSmith', 'রহিম'] },
  9: { accepts: ['no-spaces_here!', '汉字', 'a.b'], rejects: ['a b', 'a\tb', 'a\u00a0b', 'a\u3000b', 'a\u0001b'] },
  10: { accepts: ['你好。', '张三', '「你好」，世界！', '阿·布'], rejects: ['。。', '你好 世界', '你好1', 'hi你好'] },
  11: {
    accepts: ['2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01', '9999-12-31'],
    rejects: [
      '2023-02-29',
      '1900-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '2024-1-01',
      '24-01-01',
      '2024/01/01',
      '01-31-2024',
    ],
  },
  12: {
    accepts: ['John Smith', 'José Ñúñez', 'রহিম উদ্দিন', 'র‍্যাব', 'Łukasz'],
    rejects: ['John2', "O'Brien", 'a\tb', '\u200c\u200d'],
  },
  13: {
    accepts: ['02-29-2024', '02-29-2000', '12-31-1999'],
    rejects: ['02-29-2023', '02-29-1900', '02-30-2024', '04-31-2024', '13-01-2024', '2024-01-31', '1-01-2024'],
  },
  14: { accepts: ['abc', '123', 'abc123'], rejects: ['abc-123', 'abc 123', 'é1'] },
  15: { accepts: ['김민수', '한국어', 'ㄱㄴ'], rejects: ['김 민수', '김민수1', 'kim', '金'] },
  16: { accepts: ['สมชาย', 'ภาษาไทย', 'ไทย๑๒'], rejects: ['สม ชาย', 'สมชายA', 'สมชาย1'] },
  17: { accepts: ['สมชาย ใจดี', 'John Smith', 'สมชาย John'], rejects: ['John1', 'สมชาย.', '김민수', 'John\tSmith'] },
  18: { accepts: ['JOHN', 'JOHN SMITH', 'A B'], rejects: ['John', 'JOHN1', 'JOHN-SMITH', 'ÉMILE'] },
  19: { accepts: ['abc', 'P@ssw0rd!', '~`|'], rejects: ['pass word', 'pässword', 'pass\u3000word'] },
  20: {
    accepts: ['P@ssw0rd', 'aA1!', 'Zz9~'],
    rejects: ['password1!', 'PASSWORD1!', 'Password!', 'Password1', 'Pass word1!', 'Pässw0rd!'],
  },
  21: {
    accepts: ['John Smith', "Liam O'Brien", 'Jean-Luc Picard', 'রহিম উদ্দিন', 'Md. Rahim'],
    rejects: ['John', 'John  Smith', 'John Paul Smith', 'John Smith2', '-John Smith', 'John -Smith', 'John\u00a0Smith'],
  },
  22: {
    accepts: ['やまだ', 'ヤマダ', '山田　太郎', 'ラーメン', 'コーヒー・ゼリー', '東京１２３', '「こんにちは」'],
    rejects: ['ﾔﾏﾀﾞ', 'やまﾀﾞ', 'yamada', '山田 太郎', '１２３', '김민수'],
  },
  23: { accepts: ['ABC', 'Z'], rejects: ['ABC DEF', 'ABc', 'ABC1', 'ÀBC'] },
};

describe('PATTERN_IDS', () => {
  it('defines exactly the ids 0 to 23 with their message keys', () => {
    const ids = Object.keys(PATTERN_IDS).map(Number);
    expect(ids).toEqual(Array.from({ length: 24 }, (_, id) => id));
    for (const id of ids) {
      expect(patternDefinition(id).messageKey).toBe(`reg_pattern_${id}`);
      expect(patternDefinition(id).exactMessageKey).toBe(`reg_pattern_${id}_exact`);
    }
  });

  for (const [id, { accepts, rejects }] of Object.entries(EXAMPLES)) {
    describe(`pattern id ${id}`, () => {
      it.each(accepts)('accepts %j', (value) => {
        expect(patternDefinition(Number(id)).test(value)).toBe(true);
      });
      it.each(rejects)('rejects %j', (value) => {
        expect(patternDefinition(Number(id)).test(value)).toBe(false);
      });
    });
  }

  it('refuses ids outside the table', () => {
    expect(isPatternId(24)).toBe(false);
    expect(isPatternId(-1)).toBe(false);
    expect(isPatternId(1.5)).toBe(false);
    expect(() => patternDefinition(24)).toThrow(RangeError);
  });
});
