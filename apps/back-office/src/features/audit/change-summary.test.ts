import { describe, expect, it } from 'vitest';
import { changedFields, oneLine } from './change-summary';

describe('audit change summary', () => {
  it('names only the fields whose values differ', () => {
    expect(changedFields({ a: 1, b: { c: 2 }, d: 'x' }, { a: 1, b: { c: 3 }, e: true })).toEqual(['b', 'd', 'e']);
    expect(changedFields(null, { role: 'finance' })).toEqual(['role']);
    expect(changedFields('on', 'off')).toBeNull();
  });

  it('cuts a long value to one line', () => {
    expect(oneLine({ text: 'y'.repeat(200) }, 20)).toHaveLength(20);
    expect(oneLine(undefined)).toBe('–');
    expect(oneLine(5)).toBe('5');
  });
});
