import { i18n } from '../i18n/i18n';
import { intlLocale } from '../i18n/languages';

/** Date and time as staff read them in tables: local time, to the second, in the language shown (Latin digits). */
export const formatTime = (epochMs: number) =>
  new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(epochMs));

/** The epoch ms of the start of a `yyyy-mm-dd` day in local time, or undefined for an empty field. */
export const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
/** The epoch ms of the end of a `yyyy-mm-dd` day (the next day's start). */
export const dayEnd = (day: string) => (day ? new Date(`${day}T00:00:00`).getTime() + 86_400_000 : undefined);

/** The local `yyyy-mm-dd` day an epoch ms falls on, as a date field holds it. */
export const dayOf = (epochMs: number) => {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
