import { describe, expect, it } from 'vitest';
import { isServerPaintedPage, pageWasServerPainted } from './server-painted-page';

describe('the page the server painted', () => {
  it('holds what would appear by itself until the first navigation, and only when the server painted the page', () => {
    expect(isServerPaintedPage('default')).toBe(false);
    pageWasServerPainted();
    expect(isServerPaintedPage('default')).toBe(true);
    expect(isServerPaintedPage('k3x9a2')).toBe(false);
  });
});
