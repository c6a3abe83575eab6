import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { DEMO_PAYMENT_METHODS, PAYMENT_RESOURCE_PREFIX } from './demo-payment-methods.js';

describe('demo payment methods', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reach the site through the system status resources, one per type', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    const resources: { resourceType: string; url: string; labelNameEn: string }[] = status.json().value.info.resources;
    const payments = resources.filter((resource) => resource.resourceType.startsWith(PAYMENT_RESOURCE_PREFIX));
    expect(payments.map((resource) => resource.labelNameEn)).toEqual(['Bank transfer', 'E-wallet', 'Card', 'Demo play money']);
    expect(new Set(payments.map((resource) => resource.resourceType)).size).toBe(payments.length);
  });

  it('have logos the server serves as cacheable SVG', async () => {
    for (const method of DEMO_PAYMENT_METHODS) {
      const response = await t.app.inject({ method: 'GET', url: method.url });
      expect(response.statusCode, method.url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
