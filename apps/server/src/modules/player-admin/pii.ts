/*
 * Personal data as a staff member without `players.pii` sees it: enough to tell two players apart and to
 * confirm a number the player reads out, never enough to contact them or reuse the number.
 */

/** "+880 •••••••678": the dial code and the last three digits. */
export const maskMobile = (dialCode: string | null, mobile: string) =>
  `${dialCode ? `+${dialCode} ` : ''}${'•'.repeat(Math.max(mobile.length - 3, 3))}${mobile.slice(-3)}`;

/** "r•••@example.com": the first character and the domain. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

/** "•••• 3210": the last four digits. */
export const maskAccountNumber = (number: string) => `•••• ${number.slice(-4)}`;

export const fullMobile = (dialCode: string | null, mobile: string) => `${dialCode ? `+${dialCode} ` : ''}${mobile}`;
