import { login } from '@tessera/contract/api/accounts';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { RsaKeyStore } from '../crypto-entry/key-store.js';

describe('accounts under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leaves exactly one live session when the same account logs in five times at once', async () => {
    const member = await newMember(t.db.kysely);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => sealedInject(t.app, login, { username: member.account, password: member.password })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const live = await t.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('member_id', '=', member.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const working = await Promise.all(
      responses.map(
        async (r) =>
          (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: r.json().value.token } }))
            .statusCode,
      ),
    );
    expect(working.filter((status) => status === 200)).toHaveLength(1);
  });

  it('accepts a sealed request once even when it is sent five times at once', async () => {
    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const sealed = await sealRequest(key, login, { username: 'nobody1', password: 'whatever1' });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: login.path, headers: sealed.headers, payload: sealed.body }),
      ),
    );
    const codes = responses.map((r) => r.json().code).sort();
    expect(codes).toEqual(['login.invalid', 'request.replayed', 'request.replayed', 'request.replayed', 'request.replayed']);
  });

  it('gives two instances asking at once for a new key the same key', async () => {
    const now = () => Date.now() + 3 * 24 * 3600_000;
    const [a, b] = await Promise.all([
      new RsaKeyStore(t.db.kysely, 'a-shared-secret-of-at-least-32-chars', now).currentKey(),
      new RsaKeyStore(t.db.kysely, 'a-shared-secret-of-at-least-32-chars', now).currentKey(),
    ]);
    expect(a).toEqual(b);
  });
});
