import { type APIRequestContext, expect } from '@playwright/test';
import type { SystemStatus } from '@tessera/contract/api/system';
import type { EnvelopeOf } from '@tessera/contract/envelope';

export async function systemStatus(request: APIRequestContext): Promise<SystemStatus> {
  const res = await request.get('/wps/system/status');
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as EnvelopeOf<SystemStatus>;
  expect(body).toMatchObject({ success: true, code: 'ok' });
  return body.value;
}
