/**
 * Remember-me cookies (spec §3, §9: each kept 1 day): the last username, the SMS login mobile number and dial
 * code, and the flag. Never a password — a departure from the spec recorded in docs/decisions.md.
 */
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies';

const ONE_DAY_SECONDS = 24 * 60 * 60;
const NAMES = {
  flag: 'rememberMe',
  username: 'rememberUsername',
  mobile: 'rememberMobile',
  dialCode: 'rememberDialCode',
} as const;

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
    for (const name of Object.values(NAMES)) deleteCookie(name);
    return;
  }
  writeCookie(NAMES.flag, '1', ONE_DAY_SECONDS);
  if (values.username !== undefined) writeCookie(NAMES.username, values.username, ONE_DAY_SECONDS);
  if (values.mobile !== undefined) writeCookie(NAMES.mobile, values.mobile, ONE_DAY_SECONDS);
  if (values.dialCode !== undefined) writeCookie(NAMES.dialCode, values.dialCode, ONE_DAY_SECONDS);
}
