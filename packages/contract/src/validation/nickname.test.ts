import { describe, expect, it } from 'vitest';
import { nicknameProblem } from './nickname.js';

describe('nickname check', () => {
  it.each(['Ab', 'রাজা_77', 'Lucky Star', ' trimmed ', 'a'.repeat(16), 'Ngọc Anh'])('accepts %j', (nickname) => {
    expect(nicknameProblem(nickname)).toBeNull();
  });
  it.each(['a', 'a'.repeat(17), 'two  spaces', '_lead', 'trail_', 'a<b', 'x.y', 'tab\tbed'])('refuses %j', (nickname) => {
    expect(nicknameProblem(nickname)).toBe('accounts.nickname.invalid');
  });
  it('asks for one when empty', () => {
    expect(nicknameProblem('  ')).toBe('validation.required');
  });
});
