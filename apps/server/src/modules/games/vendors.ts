import type { AppServices } from '../../http/services.js';
import { houseSlotsAdapter } from '../house-vendor/adapter.js';
import { houseLotteryAdapter } from '../lottery/adapter.js';
import { testVendorAdapter } from './adapters/test-vendor.js';
import type { VendorAdapter } from './vendor.js';

/**
 * Every vendor adapter this server can launch. A third-party vendor adds one adapter module and one line
 * here (README "Adding a vendor"); a catalogue vendor without an adapter answers `game.vendor.unavailable`.
 */
export const VENDOR_ADAPTERS: readonly VendorAdapter[] = [houseSlotsAdapter, houseLotteryAdapter];

/** The adapters of this server: the house, plus each third-party vendor configured in the environment (one line each). */
export const configuredAdapters = ({ config, siteSettings }: Pick<AppServices, 'config' | 'siteSettings'>): VendorAdapter[] => [
  ...VENDOR_ADAPTERS,
  ...(config.vendors.testv ? [testVendorAdapter(config.vendors.testv, siteSettings)] : []),
];

export const adapterFor = (vassalage: string, adapters: readonly VendorAdapter[] = VENDOR_ADAPTERS) =>
  adapters.find((adapter) => adapter.vassalages.includes(vassalage));
