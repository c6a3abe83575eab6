import { formatMinor } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';

/** Whole points in the page's language and digits, grouped like money ("1,250" / "১,২৫০"). */
export function usePoints() {
  const { i18n } = useTranslation();
  return (points: string) => formatMinor(points, 0, i18n.language);
}
