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

/** Integer formatting that equals `Intl.NumberFormat(locale)` (checked in the tests) for these languages. */
const INTEGER_STYLES: Record<string, { digits: string; groups: 'thousands' | 'indian' }> = {
  en: { digits: '0123456789', groups: 'thousands' },
  bn: { digits: '০১২৩৪৫৬৭৮৯', groups: 'indian' },
};

/**
 * Text with its ASCII digits in the locale's numerals ("২০২৬-১১-২১" in Bengali), for numbers written in a fixed
 * pattern (dates, clocks) rather than as quantities.
 */
export function localDigits(text: string, locale: string): string {
  const style = INTEGER_STYLES[locale];
  const digit = (value: number) => style?.digits[value] ?? numberFormat(locale).format(value);
  return text.replace(/[0-9]/g, (ascii) => digit(Number(ascii)));
}

/**
 * A non-negative integer with grouping in the locale's numerals ("১২,৩৪,৫৬৭" in Bengali), as `Intl.NumberFormat`
 * writes it but without touching Intl for the web app's own languages: the page's first `Intl.NumberFormat` costs
 * 25–35 ms of ICU set-up in one piece, which made the home page's hydration (its marketing counts) a long task.
 * Other locales go to Intl.
 */
export function formatInteger(value: number, locale: string): string {
  const style = INTEGER_STYLES[locale];
  if (!style || !Number.isSafeInteger(value) || value < 0) return numberFormat(locale).format(value);
  const plain = String(value);
  // The last three digits form a group; before them, groups of three (thousands) or two (lakh, crore).
  const size = style.groups === 'thousands' ? 3 : 2;
  const groups = [plain.slice(-3)];
  for (let end = plain.length - 3; end > 0; end -= size) groups.unshift(plain.slice(Math.max(0, end - size), end));
  return groups.join(',').replace(/[0-9]/g, (digit) => style.digits[Number(digit)] ?? digit);
}
