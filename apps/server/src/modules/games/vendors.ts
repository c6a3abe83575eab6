import { houseSlotsAdapter } from '../house-vendor/adapter.js';
import type { VendorAdapter } from './vendor.js';

/**
 * Every vendor adapter this server can launch. A third-party vendor adds one adapter module and one line
 * here (README "Adding a vendor"); a catalogue vendor without an adapter answers `game.vendor.unavailable`.
 */
export const VENDOR_ADAPTERS: readonly VendorAdapter[] = [houseSlotsAdapter];

export const adapterFor = (vassalage: string, adapters: readonly VendorAdapter[] = VENDOR_ADAPTERS) =>
  adapters.find((adapter) => adapter.vassalages.includes(vassalage));
