import type { SystemStatus } from '@tessera/contract/api/system';
import type { EnvelopeOf } from '@tessera/contract/envelope';

/** A system status as the server sends it, typed by the contract; override what a test needs. */
export function systemStatusFixture(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: 0,
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
    location: { ip: '203.0.113.7', country: 'BD' },
    info: {
      mainDomain: null,
      whitelabel: { modId: 'ROOT', enabled: true, childrenNodes: [] },
      resources: [],
      customerService: [{ csType: 'LIVECHAT', path: 'https://chat.example.test/room' }],
      analytics: { gtagId: '' },
      imageCDNs: [],
      launchGameCDNs: [],
      domainRoute: [],
    },
    product: {
      brand: { platform: 'TCG', merchant: 'tessera', lotteryType: 'SEA', name: 'Tessera' },
      device: 'WEB',
      loginedToHomePage: false,
      defaultLang: 'bn',
      supportLanguages: ['bn', 'en'],
      chatHeaderColor: '#0f172a',
      prizeModes: ['SEA'],
      announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
      announcementExecution: 'B',
      esports: [],
      currency: { code: 'BDT', symbol: '৳', minorDigits: 2 },
      marketing: { sportsTypes: 140, casinoGames: 5000, slotGames: 10000, registerBonus: '', zaloBonus: '' },
    },
    ...overrides,
  };
}

export const envelope = <T>(value: T): EnvelopeOf<T> => ({ success: true, value, message: 'ok', code: 'ok' });

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
