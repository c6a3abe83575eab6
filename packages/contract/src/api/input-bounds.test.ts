import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CallDef } from './call.js';

const apiModules = await Promise.all(
  readdirSync(new URL('./', import.meta.url))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(new URL(file, import.meta.url).href) as Promise<Record<string, unknown>>),
);
const calls = apiModules.flatMap((module) =>
  Object.values(module).filter(
    (value): value is CallDef =>
      typeof value === 'object' && value !== null && 'id' in value && 'path' in value && 'value' in value,
  ),
);

interface Schema {
  type?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  additionalProperties?: boolean | Schema;
}

/** A pattern with no unbounded repetition limits the length by itself. */
const boundsLength = (pattern: string) => !/[*+]|\{\d+,\}/.test(pattern.replace(/\\./g, ''));

/**
 * What lets unbounded input through: a number without both bounds in the safe range (a literal is its own bound), a
 * string of any length.
 */
function unbounded(schema: Schema | undefined, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  if ((schema.type === 'integer' || schema.type === 'number') && schema.const === undefined) {
    const inRange = (bound: number | undefined) => bound !== undefined && Math.abs(bound) <= Number.MAX_SAFE_INTEGER;
    if (!inRange(schema.minimum) || !inRange(schema.maximum)) found.push(`${path}: ${schema.type} without safe bounds`);
  }
  if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined) {
    if (!schema.pattern || !boundsLength(schema.pattern)) found.push(`${path}: string without a maximum length`);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...unbounded(property, `${path}/${name}`));
  if (schema.items) found.push(...unbounded(schema.items, `${path}/*`));
  for (const branch of schema.anyOf ?? []) found.push(...unbounded(branch, path));
  if (typeof schema.additionalProperties === 'object') found.push(...unbounded(schema.additionalProperties, `${path}/*`));
  return found;
}

describe('the input of every call', () => {
  it('is bounded: numbers within the safe integer range, strings of a limited length', () => {
    expect(calls.length).toBeGreaterThan(90);
    const found = calls.flatMap((call) => [
      ...unbounded(call.querystring as Schema | undefined, `${call.id} querystring`),
      ...unbounded(call.body as Schema | undefined, `${call.id} body`),
    ]);
    expect(found).toEqual([]);
  });
});
