import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula gets a leading quote; a plain negative number stays a number. */
const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) && !/^-[0-9]+$/.test(text) ? `'${text}` : text);

/** An export's CSV text: the header, then each row with every cell made safe to open in a spreadsheet. */
export function csvExport(header: readonly string[], rows: readonly (readonly string[])[], total: number) {
  return {
    csv: stringify([[...header], ...rows.map((row) => row.map(safeCell))]),
    rows: rows.length,
    truncated: total > rows.length,
  };
}
