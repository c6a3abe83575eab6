import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { runAdmin } from '../../../admin/program.js';
import type { Services } from '../../../services.js';

export const STAFF_PASSWORD = 'correct horse battery';

/** A TOTP code of the current step, or of a step `offsetSteps` away (the server accepts one either side). */
export const totpCode = (secret: string, offsetSteps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

export async function post(app: FastifyInstance, url: string, body: unknown, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: token } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

/** A staff member created by the operator command, enrolled and logged in: their token and TOTP secret. */
export async function enrolledStaff(app: FastifyInstance, services: Services, name: string, role: string) {
  const created = await runAdmin(['staff', 'create', name, '--role', role], services);
  const token = /\/bo\/enrol#([A-Za-z0-9_-]+)$/m.exec(created.output)?.[1];
  if (!token) throw new Error(`no enrolment link in: ${created.output}`);
  const start = await post(app, '/bo/api/enrolment/start', { token });
  const secret: string = start.body.value.secret;
  const done = await post(app, '/bo/api/enrolment/complete', { token, password: STAFF_PASSWORD, code: totpCode(secret) });
  if (done.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(done.body)}`);
  const session = await login(app, name, secret);
  return { token: session, secret, recoveryCodes: done.body.value.recoveryCodes as string[] };
}

export async function login(app: FastifyInstance, name: string, secret: string, offsetSteps = 0) {
  const first = await post(app, '/bo/api/login', { name, password: STAFF_PASSWORD });
  if (first.status !== 200) throw new Error(`login failed: ${JSON.stringify(first.body)}`);
  const second = await post(app, '/bo/api/login/second-factor', {
    challenge: first.body.value.challenge,
    code: totpCode(secret, offsetSteps),
  });
  if (second.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(second.body)}`);
  return second.body.value.token as string;
}

/** A login whose second step is a recovery code: TOTP codes are good once a step, recovery codes once at all. */
export async function loginWithRecoveryCode(app: FastifyInstance, name: string, code: string) {
  const first = await post(app, '/bo/api/login', { name, password: STAFF_PASSWORD });
  const second = await post(app, '/bo/api/login/second-factor', { challenge: first.body.value.challenge, code });
  if (second.status !== 200) throw new Error(`recovery login failed: ${JSON.stringify(second.body)}`);
  return second.body.value.token as string;
}
