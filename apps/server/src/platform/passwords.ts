import { hash, type Options, verify } from '@node-rs/argon2';

/*
 * argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP minimum), 10–40 ms a hash here.
 * An unknown account is checked against a fixed hash so that its answer takes as long as a wrong password.
 */
let cost: Options = {};
let decoy: Promise<string> | null = null;

export const hashPassword = (password: string) => hash(password, cost);

export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoy ??= hash('decoy-password-for-timing', cost);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * The server's test files register thousands of accounts, and the hashing cost was a fifth of their time. Their
 * setup lowers it to the smallest argon2id (a hash carries its own parameters, so verifying is unchanged); the
 * server itself never calls this.
 */
export function lowerPasswordCostForTests() {
  cost = { memoryCost: 1024, timeCost: 1 };
  decoy = null;
}
