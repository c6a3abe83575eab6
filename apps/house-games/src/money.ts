import { formatMinor, numberFormat } from '@tessera/contract/money-format';

/** The page's numerals: Bengali digits on a Bengali page (i18n.ts sets the document's language). */
const pageLanguage = () => document.documentElement.lang || 'bn';

/** Minor units with the merchant's currency symbol, in the page's numerals as the web app shows amounts. */
export function formatMoney(
  minor: string | bigint,
  currency: { symbol: string; minorDigits: number },
  language = pageLanguage(),
): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const amount = formatMinor((negative ? -value : value).toString(), currency.minorDigits, language);
  return `${negative ? '−' : ''}${currency.symbol}${amount}`;
}

/** Bets a player steps through: round multiples of the smallest bet (always whole line bets) up to the limit. */
export function betSteps(minBet: string, maxBet: string): bigint[] {
  const min = BigInt(minBet);
  const max = BigInt(maxBet);
  return [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n].map((k) => k * min).filter((bet) => bet <= max);
}

/** The session clock, hh:mm:ss in the page's numerals. */
export function clock(ms: number, language = pageLanguage()): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => numberFormat(language, { useGrouping: false, minimumIntegerDigits: 2 }).format(n);
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
