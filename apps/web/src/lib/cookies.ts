/**
 * First-party cookies the web app writes for itself (remember-me, the language the server renders in). Path `/`,
 * `SameSite=Lax`, and `Secure` whenever the site is served over HTTPS.
 */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function setCookie(nameValueAndAge: string) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4.
  document.cookie = `${nameValueAndAge}; Path=/; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  setCookie(`${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}`);
}

/** Deletes a cookie of this host, or one written for `domain` (a parent domain, e.g. `.example.com`). */
export function deleteCookie(name: string, domain?: string) {
  setCookie(`${name}=; Max-Age=0${domain ? `; Domain=${domain}` : ''}`);
}

/** The names of the cookies this page can read. */
export const cookieNames = () =>
  document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
