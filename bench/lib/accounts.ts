// Account scenarios: argon2id logins (each request freshly sealed: the server refuses a replayed nonce) and a
// token-checked read with one session per connection.
import { randomBytes } from 'node:crypto';
import { login, register } from '@tessera/contract/api/accounts';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import type { Scenario } from './load.js';

const PASSWORD = 'Bench-pass-1';

async function envelope(response: Response, what: string) {
  const body = (await response.json()) as { success: boolean; value: unknown; code: string };
  if (!body.success) throw new Error(`${what} failed: ${body.code}`);
  return body.value;
}

async function publicKey(baseURL: string) {
  return (await envelope(await fetch(new URL('/wps/session/key/rsa', baseURL)), 'public key')) as {
    keyId: string;
    publicKey: string;
  };
}

/** Registers `count` fresh members through the real (encrypted) register call; returns their usernames and tokens. */
export async function registerMembers(baseURL: string, count: number) {
  const key = await publicKey(baseURL);
  const prefix = `b${randomBytes(3).toString('hex')}`;
  const members: { username: string; token: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${String(i).padStart(4, '0')}`;
    const sealed = await sealRequest(key, register, {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
      ageConsent: true,
    });
    const response = await fetch(new URL(register.path, baseURL), {
      method: register.method,
      headers: { 'content-type': 'application/json', ...sealed.headers },
      body: JSON.stringify(sealed.body),
    });
    const value = (await envelope(response, `register ${username}`)) as { token: string };
    members.push({ username, token: value.token });
  }
  return members;
}

/** Logins spread over the members, each body sealed in advance (sealing is not what is measured). */
export async function loginScenario(baseURL: string, usernames: string[], expectedRequests: number): Promise<Scenario> {
  const key = await publicKey(baseURL);
  const bodies = await Promise.all(
    Array.from({ length: expectedRequests }, async (_, i) => {
      const username = usernames[i % usernames.length] as string;
      return sealRequest(key, login, { username, password: PASSWORD, type: 'username' });
    }),
  );
  let next = 0;
  return {
    name: 'POST /wps/session/login (argon2id)',
    request: {
      url: new URL(login.path, baseURL).href,
      requests: [
        {
          method: login.method,
          setupRequest: (request) => {
            const sealed = bodies[next++ % bodies.length];
            if (!sealed) return request;
            return {
              ...request,
              method: login.method,
              headers: { 'content-type': 'application/json', ...sealed.headers },
              body: JSON.stringify(sealed.body),
            };
          },
        },
      ],
    },
  };
}

/** A token-checked read (member info, the balance), each connection as one of the given members. */
export function tokenReadScenario(baseURL: string, path: string, tokens: string[]): Scenario {
  let next = 0;
  return {
    name: `GET ${path} (token)`,
    request: {
      url: new URL(path, baseURL).href,
      setupClient: (client) => client.setHeaders({ authorization: tokens[next++ % tokens.length] as string }),
    },
  };
}
