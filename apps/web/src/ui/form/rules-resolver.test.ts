import type { RegisterRule } from '@tessera/contract/settings';
import { describe, expect, it } from 'vitest';
import { byRule, checksResolver, decodeMessage, moneyAmount, required, sameAs, ticked } from './rules-resolver';

const rule = (patternId: number, minLength: number, maxLength: number, shown = true, isRequired = true): RegisterRule => ({
  shown,
  required: isRequired,
  acceptedPattern: '*',
  patternId,
  minLength,
  maxLength,
});

interface Values {
  username: string;
  password: string;
  confirm: string;
  terms: boolean;
}

const resolve = (values: Values) =>
  checksResolver<Values>({
    username: [required(), byRule(rule(1, 6, 16))],
    password: [required(), byRule(rule(6, 6, 6))],
    confirm: [sameAs('password')],
    terms: [ticked('validation.terms_required')],
  })(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const messages = (result: Awaited<ReturnType<typeof resolve>>) =>
  Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, decodeMessage(error?.message as string)]));

describe('checksResolver', () => {
  it('trims every value and submits the trimmed values', async () => {
    const result = await resolve({ username: '  player01 ', password: ' 123457 ', confirm: '123457  ', terms: true });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ username: 'player01', password: '123457', confirm: '123457', terms: true });
  });

  it('gives the first failing check of each field, as a key with parameters', async () => {
    expect(messages(await resolve({ username: ' ', password: '12', confirm: '13', terms: false }))).toEqual({
      username: { key: 'validation.required', params: {} },
      password: { key: 'reg_pattern_6_exact', params: { length: 6 } },
      confirm: { key: 'validation.confirmation_mismatch', params: {} },
      terms: { key: 'validation.terms_required', params: {} },
    });
    expect(messages(await resolve({ username: '1abcdef', password: '123457', confirm: '123457', terms: true }))).toEqual({
      username: { key: 'reg_pattern_1', params: { min: 6, max: 16 } },
    });
  });

  it('checks an optional field only when it has a value, and a missing rule only when required', async () => {
    const optional = checksResolver<{ email: string; other: string }>({
      email: [byRule(rule(3, 6, 60, true, false))],
      other: [byRule(undefined, { required: true })],
    });
    const empty = await optional({ email: '', other: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(empty.errors)).toEqual(['other']);
    const bad = await optional({ email: 'nope', other: 'x' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(decodeMessage(bad.errors.email?.message as string)).toEqual({ key: 'reg_pattern_3', params: { min: 6, max: 60 } });
  });
});

describe('moneyAmount', () => {
  const parse = (text: string) => (/^[0-9]+(\.[0-9]{1,2})?$/.test(text) ? String(Math.round(Number(text) * 100)) : null);
  const message = { key: 'deposit.limits', params: {} };

  it('refuses what is not an amount, and zero', () => {
    const check = moneyAmount<object>(parse, message);
    expect(check('abc', {})).toEqual(message);
    expect(check('0', {})).toEqual(message);
    expect(check('0.01', {})).toBeNull();
  });

  it('keeps an amount within its range, both ends included', () => {
    const check = moneyAmount<object>(parse, message, { min: '10000', max: '5000000' });
    expect(check('99.99', {})).toEqual(message);
    expect(check('100', {})).toBeNull();
    expect(check('50000', {})).toBeNull();
    expect(check('50000.01', {})).toEqual(message);
  });
});
