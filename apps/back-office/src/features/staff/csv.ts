/** CSV text of a small list the screen holds whole; a cell a spreadsheet would run as a formula gets a leading quote. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\n')}\n`;
}
