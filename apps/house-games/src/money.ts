/** The page's numerals: Bengali digits on a Bengali page (i18n.ts sets the document's language). */
const pageLanguage = () => document.documentElement.lang || 'bn';

const formatters = new Map<string, Intl.NumberFormat>();
/** Formatters are costly to make and the clock ticks every second: one per language and options. */
function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * Minor units (a decimal string) shown with the merchant's currency in the page's numerals, as the web app shows
 * them: exact, split by string arithmetic, never through a float.
 */
export function formatMoney(
  minor: string | bigint,
  currency: { symbol: string; minorDigits: number },
  language = pageLanguage(),
): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(currency.minorDigits + 1, '0');
  const whole = numberFormat(language).format(BigInt(digits.slice(0, digits.length - currency.minorDigits)));
  const decimal =
    numberFormat(language)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  const fraction =
    currency.minorDigits > 0
      ? decimal +
        numberFormat(language, { useGrouping: false, minimumIntegerDigits: currency.minorDigits }).format(
          BigInt(digits.slice(-currency.minorDigits)),
        )
      : '';
  return `${negative ? '−' : ''}${currency.symbol}${whole}${fraction}`;
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
