import { formatMinor } from '@tessera/contract/money-format';
import type { SiteSettingsService } from './service.js';

/** An amount in minor units as an operator reads it: "BDT 1,234.50", in the merchant's currency. */
export type AmountFormat = (minor: bigint) => string;

export async function operatorAmountFormat(settings: SiteSettingsService, merchant: string): Promise<AmountFormat> {
  const currency = (await settings.get(merchant, 0))?.product.currency;
  if (!currency) return (minor) => formatMinor(minor.toString(), 2);
  return (minor) => `${currency.code} ${formatMinor(minor.toString(), currency.minorDigits)}`;
}
