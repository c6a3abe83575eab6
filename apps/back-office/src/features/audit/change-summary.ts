const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The top-level fields an entry changed, so a row reads in one line however large the settings value is: for two
 * objects the keys whose values differ, for anything else null (the whole value is the change).
 */
export function changedFields(before: unknown, after: unknown): string[] | null {
  if (!isRecord(before) && !isRecord(after)) return null;
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
  );
}

/** A value as one line, cut at `limit` characters. */
export function oneLine(value: unknown, limit = 80): string {
  if (value === null || value === undefined) return '–';
  const text = JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
