import '@fastify/swagger';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { renderApiDoc } from './api-doc.js';

describe('docs/api.md', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every call of the route table with its method (run `npm run docs:api` when this fails)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/api.md'), 'utf8');
    expect(committed).toBe(renderApiDoc(t.app.swagger() as never));
  });

  it('marks the token-free calls of spec §6 as needing no token', () => {
    const doc = renderApiDoc(t.app.swagger() as never);
    expect(doc).toContain('| GET | `/wps/system/status` | none | system.status |');
  });
});
