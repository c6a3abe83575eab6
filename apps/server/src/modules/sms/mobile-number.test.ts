import { describe, expect, it } from 'vitest';
import { nationalDigits, smsRecipient, toE164 } from './mobile-number.js';

describe('mobile numbers in E.164', () => {
  it('gives the same parts with or without the trunk 0', () => {
    const phone = toE164('+880', '01712345678');
    expect(phone).toEqual({ dialCode: '880', mobile: '1712345678' });
    expect(toE164('880', '1712345678')).toEqual(phone);
    expect(smsRecipient(phone!)).toBe('8801712345678');
    expect(nationalDigits(phone!)).toBe('01712345678');
  });

  it('refuses a number its country does not have, and a calling code no country has, without throwing', () => {
    expect(toE164('880', '9999999999999999999')).toBeNull();
    expect(toE164('0', '01712345678')).toBeNull();
    expect(toE164('999', '01712345678')).toBeNull();
    expect(toE164('880', '17-1234')).toBeNull();
  });
});
