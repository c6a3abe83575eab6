import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-routes.js';

describe('isSitePath', () => {
  it('knows the routes as the web router matches them: any case, a trailing slash or none', () => {
    for (const path of ['/', '/index', '/vip', '/VIP', '/vip/', '/seaLottery', '/sealottery', '/register.html']) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it('does not know any other path', () => {
    for (const path of ['/no-such-page', '/vip/extra', '/index.htm', '/other.html', '//', '']) {
      expect(isSitePath(path), path).toBe(false);
    }
  });
});
