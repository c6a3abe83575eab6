/*
 * Time-based one-time codes (RFC 6238, the "Google code" of authenticator apps) and their recovery codes, shared
 * by the staff login and the players' two-factor.
 */
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** One step either side of now: a phone clock a little off still logs in. */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = () => generateSecret();

/** The `otpauth://` address an authenticator app adds the account from, `issuer` naming the site it shows. */
export const enrolmentUri = (issuer: string, name: string, secret: string) => generateURI({ issuer, label: name, secret });

export async function enrolmentQr(issuer: string, name: string, secret: string): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = enrolmentUri(issuer, name, secret);
  return { uri, qrDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}

/** The time step of a valid code newer than `afterStep` (a code is good once), else null. */
export function acceptedStep(secret: string, code: string, afterStep: bigint | null): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: Number(afterStep) }),
    });
    return result.valid && 'timeStep' in result ? BigInt(result.timeStep) : null;
  } catch {
    return null;
  }
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters from a 31-letter alphabet (about 50 bits each), shown once as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/**
 * Recovery codes are random and long, so a plain SHA-256 of the normalised code keeps them safe at rest and lets
 * the login look one up directly.
 */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replaceAll('-', ''), 'utf8').digest();

export const isRecoveryCodeShape = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
