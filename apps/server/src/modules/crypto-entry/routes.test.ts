import { createPrivateKey } from 'node:crypto';
import { login } from '@tessera/contract/api/accounts';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

describe('encrypted entries', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const currentKey = async () => (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
  const send = (headers: Record<string, string>, payload: unknown, url = login.path) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const credentials = { username: 'nobody1', password: 'whatever1' };

  it('serves a 2048-bit RSA-OAEP public key with its id, uncached, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const key = response.json().value;
    expect(key).toMatchObject({ algorithm: 'RSA-OAEP-256+A256GCM', keyId: expect.any(String) });
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(290);
    expect(key.expiresAt).toBeGreaterThan(Date.now());
    expect((await currentKey()).keyId).toBe(key.keyId);
  });

  it('opens a sealed payload and validates what is inside (the call answers, not the decryption)', async () => {
    const sealed = await sealRequest(await currentKey(), login, credentials);
    const response = await send(sealed.headers, sealed.body);
    expect(response.json()).toMatchObject({ success: false, code: 'login.invalid' });
  });

  it('validates the opened payload with the call schema', async () => {
    const sealed = await sealRequest(await currentKey(), login, { username: '' });
    const response = await send(sealed.headers, sealed.body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
    expect(response.json().value.fields.map((f: { field: string }) => f.field)).toContain('body/password');
  });

  it('refuses plaintext secrets', async () => {
    const response = await send({}, credentials);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'request.encryption.required', message: 'errors.encryption_required' });
    const sealed = await sealRequest(await currentKey(), login, credentials);
    expect((await send({}, sealed.body)).json().code).toBe('request.encryption.required');
    expect((await send(sealed.headers, { ...sealed.body, password: 'x' })).json().code).toBe('request.encryption.required');
    expect((await send(sealed.headers, undefined)).json().code).toBe('request.encryption.required');
  });

  it('rejects a tampered ciphertext, a malformed header and a payload sealed for another call', async () => {
    const sealed = await sealRequest(await currentKey(), login, credentials);
    const bytes = Buffer.from(sealed.body.value, 'base64');
    bytes[20] = (bytes[20] as number) ^ 1;
    const tampered = await send(sealed.headers, { value: bytes.toString('base64') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('request.encryption.invalid');
    expect((await send({ encryption: 'nonsense' }, sealed.body)).json().code).toBe('request.encryption.invalid');
    const other = await sealRequest(await currentKey(), { method: 'PUT', path: '/wps/member/register' }, credentials);
    expect((await send(other.headers, other.body)).json().code).toBe('request.encryption.invalid');
  });

  it('rejects an unknown key id so the client can fetch the current key', async () => {
    const sealed = await sealRequest(await currentKey(), login, credentials);
    const [, wrapped] = sealed.headers.encryption.split('.');
    const response = await send({ encryption: `unknownKey.${wrapped}` }, sealed.body);
    expect(response.json()).toMatchObject({ code: 'request.encryption.key.unknown' });
  });

  it('rejects a replayed request and one sealed more than two minutes ago', async () => {
    const sealed = await sealRequest(await currentKey(), login, credentials);
    expect((await send(sealed.headers, sealed.body)).json().code).toBe('login.invalid');
    const replay = await send(sealed.headers, sealed.body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'request.replayed', message: 'errors.request_replayed' });
    const old = await sealRequest(await currentKey(), login, credentials, Date.now() - 121_000);
    expect((await send(old.headers, old.body)).json().code).toBe('request.replayed');
  });

  it('keeps the private key sealed at rest', async () => {
    const row = await t.db.kysely.selectFrom('rsa_keys').select(['private_sealed']).executeTakeFirstOrThrow();
    expect(() => createPrivateKey({ key: Buffer.from(row.private_sealed), format: 'der', type: 'pkcs8' })).toThrow();
  });
});
