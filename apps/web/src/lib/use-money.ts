import { formatMinor } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from './system-status';
import { parseMajor } from './money';

/**
 * The merchant's currency for the money screens of responsible gaming, records, cashback and member transfers
 * (one area; the other three import it from here, see docs/decisions.md).
 */
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
