/** A `datetime-local` field's value (local time, to the minute) for an instant, and back. */
export const toLocalInput = (epochMs: number | null) => {
  if (epochMs === null) return '';
  const date = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** The ISO instant of a `datetime-local` value, or undefined for an empty one. */
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);
