import type { CustomerServiceEntry } from '@tessera/contract/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCustomerService, pickServiceEntry } from './customer-service';

const LIVECHAT: CustomerServiceEntry = { csType: 'LIVECHAT', path: 'https://chat.example.test/room' };
const VIP: CustomerServiceEntry = { csType: 'VIP', path: '/helpmc' };

afterEach(() => vi.restoreAllMocks());

describe('customer service (spec §4, §9)', () => {
  it('gives a rank above 4 the VIP line and everyone else live chat, either when only one is set', () => {
    expect(pickServiceEntry([LIVECHAT, VIP], 5)).toBe(VIP);
    expect(pickServiceEntry([LIVECHAT, VIP], 4)).toBe(LIVECHAT);
    expect(pickServiceEntry([VIP], 0)).toBe(VIP);
    expect(pickServiceEntry([], 0)).toBeUndefined();
  });

  it('opens only web addresses and paths of the site, never a script or data link', () => {
    const scripted: CustomerServiceEntry = { csType: 'LIVECHAT', path: 'javascript:alert(1)' };
    expect(pickServiceEntry([scripted, VIP], 0)).toBe(VIP);
    expect(pickServiceEntry([{ csType: 'LIVECHAT', path: 'data:text/html,<b>x</b>' }], 0)).toBeUndefined();
    expect(pickServiceEntry([{ csType: 'LIVECHAT', path: '//elsewhere.example.test' }], 0)).toBeUndefined();
    expect(pickServiceEntry([{ csType: 'LIVECHAT', path: '' }], 0)).toBeUndefined();
    const open = vi.spyOn(window, 'open');
    expect(openCustomerService([scripted])).toBe('unavailable');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the service in a 440×750 window, cut off from the site', () => {
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    expect(openCustomerService([LIVECHAT])).toBe('opened');
    expect(open).toHaveBeenCalledWith(LIVECHAT.path, 'tessera-customer-service', expect.stringContaining('width=440,height=750'));
    expect(popup.opener).toBeNull();
    open.mockReturnValue(null);
    expect(openCustomerService([LIVECHAT])).toBe('blocked');
  });
});
