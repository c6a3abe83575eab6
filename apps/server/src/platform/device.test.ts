import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.js';

describe('the device of a sign-in', () => {
  it('names browser and system with their major versions', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 131 · Android 14');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox 133 · Windows NT 10',
    );
  });

  it('says nothing for no header or an unreadable one', () => {
    expect(deviceOf(undefined)).toBeNull();
    expect(deviceOf('')).toBeNull();
  });
});
