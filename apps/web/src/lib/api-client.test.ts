import type { RecordPage } from '@tessera/contract/api/records';
import * as accountsRoutes from '@tessera/contract/routes/accounts';
import * as contentRoutes from '@tessera/contract/routes/content';
import * as recordsRoutes from '@tessera/contract/routes/records';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { envelope, jsonResponse } from '../test/system-status-fixture';
import { ApiError, apiRequest, isSessionLost, onSessionLost } from './api-client';

const call = contentRoutes.getNoticeList;

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends the stored language, unless the call names its own', async () => {
    window.localStorage.setItem('hisLang', 'bn');
    const fetchMock = stubFetch(() => jsonResponse(envelope({ ok: true })));
    await apiRequest(call);
    await apiRequest(call, { headers: { language: 'en' } });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('language')).toBe('bn');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('language')).toBe('en');
  });

  it('turns an error envelope into an ApiError with the field errors', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          success: false,
          code: 'request.invalid',
          message: 'errors.request_invalid',
          value: { fields: [{ field: 'body/content', key: 'validation.required', params: {} }] },
        },
        400,
      ),
    );
    const error = await apiRequest(call).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageKey).toBe('errors.request_invalid');
    expect((error as ApiError).fields).toEqual([{ field: 'body/content', key: 'validation.required', params: {} }]);
  });
});

describe('apiRequest types', () => {
  it('takes the answer, the query and the body from the route', () => {
    expectTypeOf(apiRequest<typeof recordsRoutes.getTransactionHistory>).returns.resolves.toEqualTypeOf<RecordPage>();
    const neverCalled = () => {
      // @ts-expect-error the account record needs its range
      void apiRequest(recordsRoutes.getTransactionHistory);
      // @ts-expect-error an unknown query field
      void apiRequest(recordsRoutes.getTransactionHistory, { query: { startTime: 0, endTime: 1, colour: 'red' } });
      // @ts-expect-error an encrypted entry goes through sealedCall
      void apiRequest(accountsRoutes.login, { body: { username: 'a', password: 'b' } });
    };
    expect(neverCalled).toBeTypeOf('function');
  });
});

describe('a lost session', () => {
  it('drops the token and tells the listeners why: not logged in, or signed in on another device', async () => {
    const heard: string[] = [];
    const stop = onSessionLost((messageKey) => heard.push(messageKey));
    const answer = (code: string, message: string) =>
      stubFetch(() => jsonResponse({ success: false, code, message, value: null }, 401));
    answer('login.session.replaced', 'errors.signed_in_elsewhere');
    const replaced = await apiRequest(call).catch((caught: unknown) => caught);
    answer('login.not.session', 'errors.not_logged_in');
    const missing = await apiRequest(call).catch((caught: unknown) => caught);
    stop();
    expect(heard).toEqual(['errors.signed_in_elsewhere', 'errors.not_logged_in']);
    expect([isSessionLost(replaced), isSessionLost(missing), isSessionLost(new Error('x'))]).toEqual([true, true, false]);
  });
});
