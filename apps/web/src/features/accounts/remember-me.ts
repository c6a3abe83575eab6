/**
 * Remember-me cookies (spec §3, §9: each kept 1 day): the last username, the SMS login mobile number and dial
 * code, and the flag. Never a password — a departure from the spec recorded in docs/decisions.md.
 */
const ONE_DAY_SECONDS = 24 * 60 * 60;
const NAMES = {
  flag: 'rememberMe',
  username: 'rememberUsername',
  mobile: 'rememberMobile',
  dialCode: 'rememberDialCode',
} as const;

function readCookie(name: string): string | null {
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

function writeCookie(name: string, value: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export interface Remembered {
  isRemembered: boolean;
  username: string;
  mobile: string;
  dialCode: string;
}

export function readRemembered(): Remembered {
  return {
    isRemembered: readCookie(NAMES.flag) === '1',
    username: readCookie(NAMES.username) ?? '',
    mobile: readCookie(NAMES.mobile) ?? '',
    dialCode: readCookie(NAMES.dialCode) ?? '',
  };
}

/** After a successful login: keep what was typed when the flag is on, forget everything when it is off. */
export function remember(isRemembered: boolean, values: { username?: string; mobile?: string; dialCode?: string }) {
  if (!isRemembered) {
    for (const name of Object.values(NAMES)) writeCookie(name, null);
    return;
  }
  writeCookie(NAMES.flag, '1');
  if (values.username !== undefined) writeCookie(NAMES.username, values.username);
  if (values.mobile !== undefined) writeCookie(NAMES.mobile, values.mobile);
  if (values.dialCode !== undefined) writeCookie(NAMES.dialCode, values.dialCode);
}
