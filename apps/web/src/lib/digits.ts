const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * Any script's decimal digits ("৫০০০", "٥٠٠") as Latin ones ("5000"), everything else as typed: a player types the
 * digits the locale shows. Unicode keeps each script's digits in runs of ten from zero, so a digit's value is its
 * place in its run.
 */
export function latinDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    let codePoint = digit.codePointAt(0) as number;
    let place = 0;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(codePoint - 1))) {
      codePoint -= 1;
      place += 1;
    }
    return String(place % 10);
  });
}
