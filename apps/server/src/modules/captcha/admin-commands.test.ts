import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { createTestApp } from '../../test/test-app.js';

describe('captcha answer command', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const admin = (...argv: string[]) => runAdmin(argv, t.services);
  const issue = async (ip: string) =>
    (await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip })).json().value.captchaId as string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells the answer of a live captcha, which then passes the real check once', async () => {
    const captchaId = await issue('10.9.1.1');
    expect(captchaId).toMatch(/^[0-9a-f]{36}$/);
    const answer = await admin('captcha', 'answer', captchaId);
    expect(answer.output).toMatch(/^\d{4}$/);
    expect(answer.exitCode).toBe(0);
    const forgot = (captcha: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        remoteAddress: '10.9.1.1',
        payload: { username: 'nobody1', email: 'nobody@example.com', captchaId, captcha },
      });
    expect((await forgot(answer.output)).json()).toMatchObject({ success: true, value: { messageKey: 'in_been_out' } });
    // Used up: neither the command nor the check accepts it again.
    expect(await admin('captcha', 'answer', captchaId)).toEqual({ exitCode: 1, output: `error: no live captcha ${captchaId}` });
    expect((await forgot(answer.output)).statusCode).toBe(400);
  });

  it('takes an id after --, so no id is read as an option', async () => {
    expect(await admin('captcha', 'answer', '--', '-LhhDLtL1cbLBDkg3V')).toEqual({
      exitCode: 1,
      output: 'error: no live captcha -LhhDLtL1cbLBDkg3V',
    });
  });

  it('refuses an unknown id', async () => {
    expect(await admin('captcha', 'answer', 'no-such-id')).toEqual({ exitCode: 1, output: 'error: no live captcha no-such-id' });
  });
});
