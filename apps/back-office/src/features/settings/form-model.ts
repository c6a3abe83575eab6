/**
 * A settings key's form, derived from its contract schema: the same schema the server validates against, so a
 * field added to a key gets its control without a screen change.
 */

/** Where a value sits inside a key's value, as the server's field errors name it (`/allowCountries/0`). */
export type Path = readonly (string | number)[];

export type FormNode =
  | { kind: 'switch' }
  | { kind: 'select'; options: string[] }
  | { kind: 'constant'; value: unknown }
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'time'; nullable: boolean }
  | { kind: 'text'; minLength?: number; maxLength?: number; pattern?: string; multiline: boolean }
  | { kind: 'object'; fields: ObjectField[] }
  | { kind: 'list'; item: FormNode; minItems?: number; maxItems?: number }
  | { kind: 'record'; keyPattern?: string; value: FormNode }
  | { kind: 'featureTree' };

export interface ObjectField {
  name: string;
  node: FormNode;
  optional: boolean;
  hint?: string;
}

/** The JSON Schema keywords the settings schemas use (TypeBox emits plain JSON Schema). */
interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
}

/** Longer than this, text gets a multi-line box (per-language HTML, long patterns stay single-line). */
const MULTILINE_ABOVE = 500;

const isFeatureNode = (schema: Schema) =>
  schema.type === 'object' && ['modId', 'enabled', 'childrenNodes'].every((name) => name in (schema.properties ?? {}));

const isEpochMs = (schema: Schema) => schema.type === 'integer' && /epoch milliseconds/i.test(schema.description ?? '');

/** The form of a schema; throws on a shape no control exists for, so a new kind of setting cannot go unnoticed. */
export function formOf(input: unknown): FormNode {
  const schema = input as Schema;
  if (schema.const !== undefined) return { kind: 'constant', value: schema.const };
  if (schema.enum) return { kind: 'select', options: schema.enum.map(String) };
  if (schema.anyOf) {
    const others = schema.anyOf.filter((option) => option.type !== 'null');
    const nullable = others.length < schema.anyOf.length;
    if (others.every((option) => typeof option.const === 'string') && !nullable)
      return { kind: 'select', options: others.map((option) => String(option.const)) };
    const [only] = others;
    if (nullable && others.length === 1 && only && isEpochMs(only)) return { kind: 'time', nullable: true };
    throw new Error(`no form control for the union ${JSON.stringify(schema)}`);
  }
  if (isFeatureNode(schema)) return { kind: 'featureTree' };
  switch (schema.type) {
    case 'boolean':
      return { kind: 'switch' };
    case 'integer':
      if (isEpochMs(schema)) return { kind: 'time', nullable: false };
      return { kind: 'integer', min: schema.minimum, max: schema.maximum };
    case 'string':
      return {
        kind: 'text',
        minLength: schema.minLength,
        maxLength: schema.maxLength,
        pattern: schema.pattern,
        multiline: (schema.maxLength ?? 0) > MULTILINE_ABOVE,
      };
    case 'array':
      return { kind: 'list', item: formOf(schema.items), minItems: schema.minItems, maxItems: schema.maxItems };
    case 'object': {
      if (schema.patternProperties) {
        const [[pattern, value]] = Object.entries(schema.patternProperties) as [[string, Schema]];
        return { kind: 'record', keyPattern: pattern === '^.*$' ? undefined : pattern, value: formOf(value) };
      }
      const required = new Set(schema.required ?? []);
      return {
        kind: 'object',
        fields: Object.entries(schema.properties ?? {}).map(([name, property]) => ({
          name,
          node: formOf(property),
          optional: !required.has(name),
          hint: property.description,
        })),
      };
    }
    default:
      throw new Error(`no form control for ${JSON.stringify(schema)}`);
  }
}

/** The value a new list row or record entry starts with. */
export function blankOf(node: FormNode): unknown {
  switch (node.kind) {
    case 'switch':
      return false;
    case 'select':
      return node.options[0];
    case 'constant':
      return node.value;
    case 'integer':
      return Math.max(node.min ?? 0, 0);
    case 'time':
      return node.nullable ? null : Date.now();
    case 'text':
      return '';
    case 'object':
      return Object.fromEntries(node.fields.filter((field) => !field.optional).map((field) => [field.name, blankOf(field.node)]));
    case 'list':
      return [];
    case 'record':
      return {};
    case 'featureTree':
      return { modId: '', enabled: false, childrenNodes: [] };
  }
}

/** A row or entry is flat when every field is one control, so rows show as a table. */
export const isFlat = (node: FormNode) =>
  node.kind === 'object' && node.fields.every((field) => !['object', 'list', 'record', 'featureTree'].includes(field.node.kind));

/** `value` with the part at `path` replaced by `next` (removed when `next` is undefined); never mutates. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const record = { ...(value as Record<string, unknown>) };
  const inner = setAt(record[head], rest, next);
  if (inner === undefined) delete record[head];
  else record[head] = inner;
  return record;
}

/** Equal as JSON, whatever the order of object keys (the database gives them back in its own order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => key in right && sameValue(left[key], right[key]));
  }
  return a === b;
}

/** The path as the server's field errors write it. */
export const pointerOf = (path: Path) => path.map((part) => `/${part}`).join('');

/** The server's refused fields by path under the value: `body/value/allowCountries/0` → `/allowCountries/0`. */
export function reasonsByPath(fields: readonly { field: string; key: string; params: Record<string, unknown> }[]) {
  const byPath = new Map<string, string[]>();
  for (const field of fields) {
    const path = field.field.replace(/^body\/value/, '');
    const reason = String(field.params.reason ?? field.key);
    byPath.set(path, [...(byPath.get(path) ?? []), reason]);
  }
  return byPath;
}

/** "allowCountries" → "Allow countries": the label of a field no translation names. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
