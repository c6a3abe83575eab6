import fc from 'fast-check';

/** The JSON Schema keywords the contract's TypeBox schemas use. */
export interface Schema {
  type?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  anyOf?: Schema[];
}

const INT32 = 2 ** 31 - 1;

function integerIn(min: number, max: number): fc.Arbitrary<number> {
  const low = Math.max(min, -INT32);
  const high = Math.min(max, INT32);
  const edges = fc.constantFrom(min, max);
  return low <= high ? fc.oneof(edges, fc.integer({ min: low, max: high })) : edges;
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.pattern) {
    try {
      // No filter on the length: a pattern whose matches are mostly shorter than minLength (a 20-character token of
      // `[A-Za-z0-9_-]+`) would make fast-check retry for ever. Long matches are cut; a short one is the rare value
      // the validator refuses.
      return fc
        .stringMatching(new RegExp(schema.pattern, 'u'), { size: (schema.minLength ?? 0) > 8 ? 'large' : undefined })
        .map((text) => text.slice(0, schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot generate from: arbitrary text, which the validator mostly refuses.
    }
  }
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

/** Values the schema accepts (roughly: a pattern fast-check cannot read gives plain text). */
export function validValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => validValue(branch, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerIn(schema.minimum ?? -1_000_000, schema.maximum ?? 1_000_000);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validValue(property, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]) },
      );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Values no field should choke on: out-of-range numbers in every spelling, control characters, sizes, shapes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    'NaN',
    '1e308',
    '-1e308',
    '1e309',
    '9999999999999999999',
    '9223372036854775808',
    '-9223372036854775809',
    '18446744073709551616',
    '2147483648',
    '-1',
    '0',
    '1.5',
    '0x10',
    '',
    ' ',
    'null',
    'true',
    'a\u0000b',
    '\u0000',
    '\u001b[2J\u001b[Hfake',
    '\u009b31m',
    'line\nbreak',
    'tab\there',
    '\u202eevil',
    '\ud800',
    '%00',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '__proto__',
    '৳১২৩',
  ),
  fc.constantFrom(1e308, -1e308, 1e19, 2 ** 53 + 2, -1, 0, 1.5, -0, 2147483648, true, false, null),
  fc.constantFrom('x'.repeat(70_000), '9'.repeat(400), [], [1, 2, 3], {}, { $gt: '' }, nested(40, 'deep'), ['a\u0000']),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)), maxLength: 12 }),
);

/** An input for an object schema: valid fields, with a few replaced by hostile values or unknown fields added. */
export function objectInput(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema?.properties ?? {});
  const base = schema?.type === 'object' ? (validValue(schema) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({});
  const overrides = fc.array(fc.tuple(fc.constantFrom(...names, 'unknownField', 'a\u0000'), hostileValue), {
    minLength: 0,
    maxLength: 3,
  });
  return fc.tuple(base, overrides).map(([valid, changes]) => {
    const input: Record<string, unknown> = { ...valid };
    for (const [name, value] of changes) input[name] = value;
    return input;
  });
}

/** A whole JSON body nested past any parser's patience, and other bodies that are not what the call takes. */
export const rawBody = fc.constantFrom(
  '{',
  '{"a":',
  '[]',
  'null',
  '1e308',
  '"text"',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '\u0000',
  '{"a":"\\u0000"}',
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
);

export type RequestShape =
  | { kind: 'json'; query: Record<string, unknown>; body: Record<string, unknown>; token: 'valid' | 'garbage' | 'none' }
  | { kind: 'raw'; query: Record<string, unknown>; body: string; contentType: string; token: 'valid' };

/** One request to a call: mostly its own shape with hostile parts, sometimes a body of the wrong kind. */
export function requestShape(querystring: Schema | undefined, body: Schema | undefined): fc.Arbitrary<RequestShape> {
  const token = fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'garbage', 'none') as fc.Arbitrary<
    'valid' | 'garbage' | 'none'
  >;
  const json = fc.record({ kind: fc.constant('json' as const), query: objectInput(querystring), body: objectInput(body), token });
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    query: objectInput(querystring),
    body: rawBody,
    contentType: fc.oneof(fc.constant('application/json'), wrongContentType),
    token: fc.constant('valid' as const),
  });
  return fc.oneof({ arbitrary: json, weight: 4 }, { arbitrary: raw, weight: 1 });
}

/** A query object as a URL query: arrays repeat the key; objects travel as their JSON. */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The values that once reached a query through a field that let them pass: each is put in every field alone. */
export const FIELD_SWEEP_VALUES = ['a\u0000b', 'Infinity', '1e308', '9999999999999999999'] as const;

/** One valid value of an object schema, the same for a given seed. */
export function validSample(schema: Schema | undefined, seed: number): Record<string, unknown> {
  if (schema?.type !== 'object') return {};
  return fc.sample(validValue(schema), { seed, numRuns: 1 })[0] as Record<string, unknown>;
}
