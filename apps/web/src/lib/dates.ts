import { localDigits } from '@tessera/contract/money-format';
import { currentLanguage } from '../i18n/language-state';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Spec §2.6 notice time, `yyyy-MM-dd HH:mm:ss` in the player's time zone and numerals. The spec writes `hh`; a
 * 12-hour clock without an AM/PM marker would be ambiguous, so the hours are 0–23 (docs/decisions.md).
 */
export function formatDateTime(epochMs: number, language = currentLanguage()): string {
  const date = new Date(epochMs);
  return localDigits(
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`,
    language,
  );
}

/** Spec §9 date format yyyy-MM-dd, in the player's numerals. */
export function formatDate(epochMs: number, language = currentLanguage()): string {
  const date = new Date(epochMs);
  return localDigits(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, language);
}
