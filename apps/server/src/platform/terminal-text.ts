/**
 * Text bound for an operator's terminal, with every control character a player could have planted (escape
 * sequences that clear the screen or move the cursor, C1 controls, carriage returns that overwrite a line,
 * bidirectional overrides that reorder it) shown as a visible escape such as `\x1b` instead of acting.
 * Line breaks and tabs are the CLI's own layout and stay.
 */
const CONTROLS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const LAYOUT = new Set(['\n', '\t']);

export const escapeControls = (text: string) =>
  text.replace(CONTROLS, (char) => {
    if (LAYOUT.has(char)) return char;
    const code = char.codePointAt(0) ?? 0;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
