import { formatInteger, numberFormat } from '@tessera/contract/money-format';
import type { FormatterModule } from 'i18next';

/**
 * A number interpolated into a message, in the language's numerals ("১১টি" in Bengali, never "11টি"), whether or
 * not the message asks for `, number`. Texts pass through as they are, so identifiers and years that must not be
 * grouped are given as strings.
 */
export function interpolationFormat(value: unknown, language: string | undefined): unknown {
  if (typeof value !== 'number' || !language) return value;
  return Number.isSafeInteger(value) && value >= 0 ? formatInteger(value, language) : numberFormat(language).format(value);
}

/**
 * i18next's formatter, called for every interpolation (with `interpolation.alwaysFormat`): the messages use no
 * format but `number`, which this writes too.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value, _format, language) => interpolationFormat(value, language) as string,
};
