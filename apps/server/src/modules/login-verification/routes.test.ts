import { getMemberInfo, login } from '@tessera/contract/api/accounts';
import { completeLoginVerification, sendLoginVerificationCode } from '@tessera/contract/api/login-verification';
import { bindPayoutAccount } from '@tessera/contract/api/security-centre';
import { FEATURES, setFeature } from '@tessera/contract/features';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember, type TestMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { listOutbox } from '../mailer/outbox.js';
import { MAX_ATTEMPTS, MAX_WRONG_ANSWERS_PER_DAY } from './service.js';

describe('new-address login verification (NEWIPVERIF3)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ accountChecks: true });
    // The bot check has its own tests; here it would only add a proof of work to every login.
    await t.settings.update(DEMO_MERCHANT, 'whitelabel', (tree) => setFeature(tree, FEATURES.botCheck, false) ?? tree, 'test');
  });
  afterAll(() => t.close());

  const switchNewAddressCheck = (enabled: boolean) =>
    t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) => setFeature(tree, FEATURES.newIpVerification, enabled) ?? tree,
      'test',
    );

  let addressCounter = 10;
  const freshAddress = () => `10.1.0.${addressCounter++}`;
  const logIn = (member: TestMember, remoteAddress: string) =>
    sealedInject(t.app, login, { type: 'username', username: member.account, password: member.password }, { remoteAddress });
  const sendCode = (ticket: string, method: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: sendLoginVerificationCode.path, payload: { ticket, method }, remoteAddress });
  const complete = (ticket: string, code: string, remoteAddress: string, method?: string) =>
    t.app.inject({ method: 'POST', url: completeLoginVerification.path, payload: { ticket, code, method }, remoteAddress });
  /** The newest code the default mailer or SMS provider "sent" to `recipient`. */
  const codeSentTo = async (recipient: string) => {
    const message = (await listOutbox(t.db.kysely, DEMO_MERCHANT, undefined, 50)).find((m) => m.recipient === recipient);
    // The code ends its sentence; the account name before it may hold six digits of its own.
    return /(?<!\d)(\d{6})(?=[.।])/.exec(message?.body ?? '')?.[1] as string;
  };
  const emailOf = async (member: TestMember) =>
    (await t.db.kysely.selectFrom('members').select(['email']).where('id', '=', member.id).executeTakeFirstOrThrow())
      .email as string;
  const boundMember = () => {
    const mobile = `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    return newMember(t.db.kysely, { mobile, dialCode: '880', email: `${mobile}@example.com` });
  };
  /** A member known at `home` whose login from a new address was held: the ticket answer. */
  const heldLogin = async (home = freshAddress(), away = freshAddress()) => {
    const member = await boundMember();
    expect((await logIn(member, home)).json().value.token).toEqual(expect.any(String));
    const held = await logIn(member, away);
    expect(held.statusCode).toBe(200);
    return { member, away, held: held.json().value };
  };

  it('trusts the first login of an account and later ones from the same address', async () => {
    const member = await boundMember();
    const address = freshAddress();
    expect((await logIn(member, address)).json().value.token).toEqual(expect.any(String));
    expect((await logIn(member, address)).json().value.token).toEqual(expect.any(String));
  });

  it('holds a login from a new address with a ticket and the masked ways to verify, without a session', async () => {
    const { member, held } = await heldLogin();
    expect(held).toEqual({
      verificationRequired: true,
      ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(Number),
      methods: [
        { method: 'mobile', target: expect.stringMatching(/^\+880 17\d{4}\*{4}$/) },
        { method: 'email', target: expect.stringMatching(/^0\*\*\*@example\.com$/) },
      ],
    });
    expect(held).not.toHaveProperty('token');
    expect(JSON.stringify(held)).not.toContain(member.account);
  });

  it('completes the login with the code sent by SMS, and the address is known from then on', async () => {
    const { member, away, held } = await heldLogin();
    const sent = await sendCode(held.ticket, 'mobile', away);
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const contact = await t.db.kysely
      .selectFrom('members')
      .select(['mobile'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const done = await complete(held.ticket, await codeSentTo(`+880${contact.mobile as string}`), away);
    expect(done.statusCode).toBe(200);
    const token = done.json().value.token;
    const info = await t.app.inject({ method: 'GET', url: getMemberInfo.path, headers: { authorization: token } });
    expect(info.json().value.account).toBe(member.account);
    expect((await logIn(member, away)).json().value.token).toEqual(expect.any(String));
  });

  it('completes the login with the code sent by email', async () => {
    const { member, away, held } = await heldLogin();
    expect((await sendCode(held.ticket, 'email', away)).statusCode).toBe(200);
    const contact = await t.db.kysely
      .selectFrom('members')
      .select(['email'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const done = await complete(held.ticket, await codeSentTo(contact.email as string), away);
    expect(done.json().value.userName).toBe(member.account);
  });

  it('refuses a replayed ticket, a wrong code, and a ticket used from another address', async () => {
    const { member, away, held } = await heldLogin();
    await sendCode(held.ticket, 'email', away);
    const contact = await t.db.kysely
      .selectFrom('members')
      .select(['email'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const code = await codeSentTo(contact.email as string);
    const wrong = await complete(held.ticket, code === '000000' ? '111111' : '000000', away);
    expect(wrong.json()).toMatchObject({ success: false, code: 'sms.code.invalid', message: 'errors.sms_code_invalid' });
    const elsewhere = await complete(held.ticket, code, freshAddress());
    expect(elsewhere.json()).toMatchObject({ code: 'login.verification.expired', message: 'errors.login_verification_expired' });
    expect((await complete(held.ticket, code, away)).statusCode).toBe(200);
    const replay = await complete(held.ticket, code, away);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('login.verification.expired');
  });

  it("never completes one member's ticket with another member's code", async () => {
    const first = await heldLogin();
    const second = await heldLogin();
    await sendCode(second.held.ticket, 'email', second.away);
    const contact = await t.db.kysely
      .selectFrom('members')
      .select(['email'])
      .where('id', '=', second.member.id)
      .executeTakeFirstOrThrow();
    const secondCode = await codeSentTo(contact.email as string);
    await sendCode(first.held.ticket, 'email', first.away);
    const crossed = await complete(first.held.ticket, secondCode, first.away);
    expect(crossed.statusCode).toBe(400);
    const stillSecond = await complete(second.held.ticket, secondCode, second.away);
    expect(stillSecond.json().value.userName).toBe(second.member.account);
  });

  it(`ends the ticket after ${MAX_ATTEMPTS} wrong codes`, async () => {
    const { away, held } = await heldLogin();
    await sendCode(held.ticket, 'mobile', away);
    for (let i = 0; i < MAX_ATTEMPTS; i++)
      expect((await complete(held.ticket, `99999${i}`, away)).json().code).toBe('sms.code.invalid');
    expect((await complete(held.ticket, '999999', away)).json().code).toBe('login.verification.expired');
    expect((await sendCode(held.ticket, 'email', away)).json().code).toBe('login.verification.expired');
  });

  it('refuses an expired code and an expired ticket', async () => {
    const { member, away, held } = await heldLogin();
    await sendCode(held.ticket, 'email', away);
    const contact = await t.db.kysely
      .selectFrom('members')
      .select(['email'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const code = await codeSentTo(contact.email as string);
    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] });
    try {
      expect((await complete(held.ticket, code, away)).json().code).toBe('sms.code.expired');
      vi.setSystemTime(Date.now() + 5 * 60_000);
      expect((await complete(held.ticket, code, away)).json().code).toBe('login.verification.expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits out the countdown before sending again by the same method, refuses unbound methods and bad input', async () => {
    const { away, held } = await heldLogin();
    expect((await sendCode(held.ticket, 'mobile', away)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the once-a-second limit per address
    const again = await sendCode(held.ticket, 'mobile', away);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('sms.too.frequent');
    expect((await sendCode(held.ticket, 'carrier-pigeon', away)).statusCode).toBe(400);
    expect((await sendCode('no-such-ticket', 'email', away)).json().code).toBe('login.verification.expired');
    expect((await complete(held.ticket, '', away)).statusCode).toBe(400);

    const mobileOnly = await newMember(t.db.kysely, { mobile: `018${String(Date.now()).slice(-8)}`, dialCode: '880' });
    const home = freshAddress();
    const elsewhere = freshAddress();
    await logIn(mobileOnly, home);
    const ticket = (await logIn(mobileOnly, elsewhere)).json().value;
    expect(ticket.methods.map((m: { method: string }) => m.method)).toEqual(['mobile']);
    expect((await sendCode(ticket.ticket, 'email', elsewhere)).json().code).toBe('login.verification.method.unavailable');
  });

  it('lets a member with nothing bound to send a code to log in', async () => {
    const bare = await newMember(t.db.kysely);
    await logIn(bare, freshAddress());
    expect((await logIn(bare, freshAddress())).json().value.token).toEqual(expect.any(String));
  });

  it('keeps the forced password change of a held login', async () => {
    const member = await newMember(t.db.kysely, { password: '123456', email: `weak${Date.now()}@example.com` });
    await logIn(member, freshAddress());
    const away = freshAddress();
    const held = (await logIn(member, away)).json().value;
    await sendCode(held.ticket, 'email', away);
    const done = (await complete(held.ticket, await codeSentTo(await emailOf(member)), away)).json();
    expect(done.value).toMatchObject({ passwordChangeRequired: true, passwordChangeGrant: expect.any(String) });
  });
  it('forgets the known addresses by operator command, and asks nothing when switched off', async () => {
    const member = await boundMember();
    const address = freshAddress();
    await logIn(member, address);
    const result = await runAdmin(['member', 'forget-addresses', member.account], t.services);
    expect(result).toMatchObject({ exitCode: 0, output: `forgot 1 address of ${member.account}` });
    // Every address is new now, the usual one included.
    expect((await logIn(member, address)).json().value).toMatchObject({ verificationRequired: true });
    await switchNewAddressCheck(false);
    try {
      expect((await logIn(member, freshAddress())).json().value.token).toEqual(expect.any(String));
    } finally {
      await switchNewAddressCheck(true);
    }
  });

  describe('bank account holder name', () => {
    const bind = (token: string, type: 'bank' | 'ewallet', provider: string, holderName: string, accountNumber: string) =>
      t.app.inject({
        method: bindPayoutAccount.method,
        url: bindPayoutAccount.path,
        headers: { authorization: token },
        payload: { type, provider, holderName, accountNumber },
      });
    /** A member known at `home` with a bank account of `holderName` bound, and its login from a new address held. */
    const heldWithBank = async (holderName: string, member?: TestMember) => {
      const who = member ?? (await boundMember());
      const home = freshAddress();
      const token = (await logIn(who, home)).json().value.token;
      expect((await bind(token, 'bank', 'Sonali Bank', holderName, `${Date.now()}`.slice(-9))).statusCode).toBe(200);
      const away = freshAddress();
      return { member: who, away, held: (await logIn(who, away)).json().value };
    };

    it('is offered only with a bound bank account, masked, and completes the login whatever the case and spacing', async () => {
      const member = await boundMember();
      const token = (await logIn(member, freshAddress())).json().value.token;
      expect((await bind(token, 'ewallet', 'bKash', 'Md Rahim Uddin', '01712345678')).statusCode).toBe(200);
      const walletOnly = (await logIn(member, freshAddress())).json().value;
      expect(walletOnly.methods.map((m: { method: string }) => m.method)).toEqual(['mobile', 'email']);

      expect((await bind(token, 'bank', 'Sonali Bank', 'Md Rahim Uddin', '9876543210')).statusCode).toBe(200);
      const away = freshAddress();
      const held = (await logIn(member, away)).json().value;
      expect(held.methods).toContainEqual({ method: 'bankName', target: 'Sonali Bank · •••• 3210' });
      expect(JSON.stringify(held)).not.toMatch(/Rahim/i);
      expect((await sendCode(held.ticket, 'bankName', away)).json().code).toBe('login.verification.method.unavailable');
      const done = await complete(held.ticket, '  md   RAHIM  uddin ', away, 'bankName');
      expect(done.statusCode).toBe(200);
      expect(done.json().value.userName).toBe(member.account);
      expect((await logIn(member, away)).json().value.token).toEqual(expect.any(String));
    });

    it('matches width forms too (NFKC), and holds a member whose only binding is a bank account', async () => {
      const bankOnly = await newMember(t.db.kysely);
      const { away, held } = await heldWithBank('Karim Ahmed', bankOnly);
      expect(held.methods).toEqual([{ method: 'bankName', target: expect.stringMatching(/^Sonali Bank · •••• \d{4}$/) }]);
      expect((await complete(held.ticket, 'ＫＡＲＩＭ ａｈｍｅｄ', away, 'bankName')).json().value.userName).toBe(
        bankOnly.account,
      );
    });

    it(`counts wrong names with wrong codes and ends the ticket after ${MAX_ATTEMPTS}, never telling the name`, async () => {
      const { away, held } = await heldWithBank('Nasrin Akter');
      await sendCode(held.ticket, 'mobile', away);
      expect((await complete(held.ticket, '999999', away)).json().code).toBe('sms.code.invalid');
      const guessWrong = async (i: number) => {
        const wrong = await complete(held.ticket, `Nasrin Akter ${i}`, away, 'bankName');
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({
          success: false,
          code: 'login.verification.answer.invalid',
          message: 'errors.login_verification_answer_invalid',
        });
        expect(wrong.body).not.toContain('Nasrin');
      };
      for (let i = 2; i < MAX_ATTEMPTS; i++) await guessWrong(i);
      // A fresh code does not buy more guesses at the name.
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the once-a-second limit per address
      expect((await sendCode(held.ticket, 'email', away)).statusCode).toBe(200);
      await guessWrong(MAX_ATTEMPTS);
      expect((await complete(held.ticket, 'Nasrin Akter', away, 'bankName')).json().code).toBe('login.verification.expired');
    });

    it(`stops taking holder names after ${MAX_WRONG_ANSWERS_PER_DAY} wrong ones a day, over any number of tickets`, async () => {
      const { member, away, held } = await heldWithBank('Jahid Hasan');
      let ticket = held.ticket;
      for (let wrong = 0; wrong < MAX_WRONG_ANSWERS_PER_DAY; wrong++) {
        if (wrong > 0 && wrong % MAX_ATTEMPTS === 0) ticket = (await logIn(member, away)).json().value.ticket;
        expect((await complete(ticket, `Guess ${wrong}`, away, 'bankName')).json().code).toBe(
          'login.verification.answer.invalid',
        );
      }
      const next = (await logIn(member, away)).json().value;
      expect(next.methods.map((m: { method: string }) => m.method)).toEqual(['mobile', 'email']);
      const right = await complete(next.ticket, 'Jahid Hasan', away, 'bankName');
      expect(right.json().code).toBe('login.verification.method.unavailable');
      await sendCode(next.ticket, 'mobile', away);
      const mobile = (
        await t.db.kysely.selectFrom('members').select('mobile').where('id', '=', member.id).executeTakeFirstOrThrow()
      ).mobile as string;
      expect((await complete(next.ticket, await codeSentTo(`+880${mobile}`), away)).json().value.userName).toBe(member.account);
    });

    it("never completes one member's ticket with another member's holder name", async () => {
      const first = await heldWithBank('Rafiq Islam');
      const second = await heldWithBank('Salma Begum');
      const crossed = await complete(first.held.ticket, 'Salma Begum', first.away, 'bankName');
      expect(crossed.json().code).toBe('login.verification.answer.invalid');
      expect((await complete(second.held.ticket, 'Salma Begum', second.away, 'bankName')).json().value.userName).toBe(
        second.member.account,
      );
      expect((await complete(first.held.ticket, 'rafiq islam', first.away, 'bankName')).json().value.userName).toBe(
        first.member.account,
      );
    });

    it('is unavailable to a member without a bound bank account', async () => {
      const { away, held } = await heldLogin();
      expect(held.methods.map((m: { method: string }) => m.method)).not.toContain('bankName');
      const answer = await complete(held.ticket, 'Anyone At All', away, 'bankName');
      expect(answer.json()).toMatchObject({
        code: 'login.verification.method.unavailable',
        message: 'errors.login_verification_method_unavailable',
      });
      expect((await complete(held.ticket, 'Anyone', away, 'fingerprint')).statusCode).toBe(400);
    });
  });
});
