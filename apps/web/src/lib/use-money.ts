import { formatMinor } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { parseMajor } from './money';
import { useSystemStatus } from './system-status';

/** Amounts in the merchant's currency: shown in the page's language, typed into fields, read from what was typed. */
export function useMoney() {
  const { i18n } = useTranslation();
  const { currency } = useSystemStatus().product;
  return {
    digits: currency.minorDigits,
    format: (minor: string) => `${currency.symbol} ${formatMinor(minor, currency.minorDigits, i18n.language)}`,
    /** Minor units for an input field (no grouping), e.g. "150000" → "1500.00". */
    plain: (minor: string) => formatMinor(minor, currency.minorDigits, 'en').replace(/,/g, ''),
    parse: (text: string) => parseMajor(text.trim(), currency.minorDigits),
  };
}
