const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One `Intl.NumberFormat` per locale and options: making one is costly (the page's first costs ~25 ms of ICU set-up)
 * and amounts and clocks are formatted on every render and tick.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * Minor units (a decimal string) → the display form with grouping in the locale's numerals, e.g. "1234550" with
 * 2 digits → "12,345.50" in English, "১২,৩৪৫.৫০" in Bengali. Split by string arithmetic: amounts never pass
 * through a float. Shared by the web app and the house-game clients so a player sees one format everywhere.
 */
export function formatMinor(minor: string, minorDigits: number, locale = 'en'): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(minorDigits + 1, '0');
  const whole = digits.slice(0, digits.length - minorDigits);
  const fraction = minorDigits > 0 ? digits.slice(-minorDigits) : '';
  const grouped = numberFormat(locale, { useGrouping: true }).format(BigInt(whole));
  const decimal =
    numberFormat(locale)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  // The fraction in the same digits as the whole part (Bengali digits in BN), zero-padded to the currency's digits.
  const localFraction = fraction
    ? numberFormat(locale, { useGrouping: false, minimumIntegerDigits: minorDigits }).format(BigInt(fraction))
    : '';
  return `${negative ? '-' : ''}${grouped}${fraction ? decimal + localFraction : ''}`;
}
