/**
 * Free text a player types (a deposit reference, a withdrawal note, feedback) is shown to operators in a
 * terminal and in the back office, where control characters have power (escape sequences clear a screen and
 * print fake lines) and no meaning a player could intend. A form cannot produce them; only crafted requests
 * carry them. Multi-line fields keep their line breaks and tabs; everything else in Unicode's Cc class, and the
 * bidirectional overrides that reorder what an operator reads, is refused.
 */

const REFUSED = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const LINE_LAYOUT = /[\n\r\t]/gu;

/** JSON-schema `pattern` of a single-line free-text field (the validator compiles it with the `u` flag). */
export const SINGLE_LINE_TEXT_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$';

/** Whether free text holds a character no player could mean to type; `multiLine` allows line breaks and tabs. */
export const hasRefusedControls = (text: string, { multiLine }: { multiLine: boolean }) =>
  REFUSED.test(multiLine ? text.replace(LINE_LAYOUT, '') : text);
