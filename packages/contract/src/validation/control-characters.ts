/*
 * Control characters have no meaning in what a player types, and in an operator's terminal or a stored row they do
 * harm (a NUL is refused by PostgreSQL text; an escape sequence rewrites the operator's screen). Every text a client
 * sends is refused with them; only a multi-line field (a message, a note) may hold line breaks and tabs.
 */

/** Cc (C0, DEL, C1) but tab, line feed and carriage return; the Unicode line and paragraph separators. */
const CONTROL = /[^\P{Cc}\t\n\r]|[\u2028\u2029]/u;
const CONTROL_OR_LINE_BREAK = /[\p{Cc}\u2028\u2029]/u;

export const hasControlCharacters = (text: string, lines: 'single-line' | 'multi-line' = 'single-line') =>
  (lines === 'multi-line' ? CONTROL : CONTROL_OR_LINE_BREAK).test(text);
