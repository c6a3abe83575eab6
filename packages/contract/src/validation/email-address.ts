/*
 * Pattern id 3 (spec §5). The WHATWG "valid e-mail address" (what `<input type="email">` accepts), tightened
 * where that definition lets typos through: the local part is an RFC 5322 dot-atom (no leading, trailing or
 * doubled dot, at most 64 characters), the domain has at least two labels, and the last label is at least two
 * characters and not all digits. Quoted local parts, IP literals and non-ASCII domains are refused; an
 * internationalised domain is accepted in its `xn--` form. Checked in steps rather than one regex so that no
 * pattern needs nested quantifiers.
 */

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/u;
const DOMAIN_LABEL = /^[A-Za-z0-9-]{1,63}$/u;
const DIGITS = /^[0-9]+$/u;
const MAX_ADDRESS_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at === -1 || at !== value.lastIndexOf('@') || value.length > MAX_ADDRESS_LENGTH) return false;
  const local = value.slice(0, at);
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = value.slice(at + 1).split('.');
  const topLevel = labels.at(-1) ?? '';
  return (
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-')) &&
    topLevel.length >= 2 &&
    !DIGITS.test(topLevel)
  );
}
