import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CallDef, CallRoute } from '../api/call.js';

const modulesIn = (folder: string): Promise<Record<string, unknown>[]> => {
  const url = new URL(folder, import.meta.url);
  const files = readdirSync(url).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  return Promise.all(files.map((file) => import(new URL(file, url).href)));
};
const routeModules = await modulesIn('./');
const apiModules = await modulesIn('../api/');

/** Routes that answer bytes (a chat picture), not an envelope: no call definition describes their answer. */
const BYTE_ROUTES = new Set(['chat.image', 'bo.chat.image']);

const isRoute = (value: unknown): value is CallRoute =>
  typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value;
const routes = Object.values(routeModules).flatMap((module) => Object.values(module).filter(isRoute));
const calls = Object.values(apiModules).flatMap((module) =>
  Object.values(module).filter((value): value is CallDef => isRoute(value) && 'value' in value),
);

describe('contract routes', () => {
  it('name each call once: ids and method + path are unique', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => `${route.method} ${route.path}`)).size).toBe(routes.length);
  });

  it('are the routes of the call definitions, one for one', () => {
    const routeOf = (call: CallRoute) => ({
      id: call.id,
      method: call.method,
      path: call.path,
      auth: call.auth,
      encrypted: call.encrypted,
    });
    expect(calls.map(routeOf).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      routes
        .filter((route) => !BYTE_ROUTES.has(route.id))
        .map(routeOf)
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
