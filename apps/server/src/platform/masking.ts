/** Spec example "0133671****": everything but the last four characters shown. */
export const maskMobile = (mobile: string | null) =>
  mobile === null ? null : mobile.length <= 4 ? '****' : `${mobile.slice(0, -4)}****`;

/** "•••• 4321": the last four digits, enough for a player to recognise the account and for nobody to reuse it. */
export const maskAccountNumber = (number: string) => `•••• ${number.slice(-4)}`;

/** "p***@example.com": the first letter and the domain, enough for the owner to recognise the address. */
export const maskEmail = (email: string | null) => {
  if (!email) return null;
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};
