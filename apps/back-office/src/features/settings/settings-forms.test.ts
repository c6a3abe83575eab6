import { EDITABLE_SETTINGS, SETTINGS_EDITED_ELSEWHERE } from '@tessera/contract/routes/back-office-settings';
import { SETTINGS_KEYS, SETTINGS_SCHEMAS, type SettingsKey } from '@tessera/contract/settings';
import { describe, expect, it } from 'vitest';
import { blankOf, type FormNode, formOf, reasonsByPath, sameValue, setAt } from './form-model';
import { confirmationOf } from './settings-groups';

/** Every leaf a form lets an operator change, as JSON pointers with `*` for any row or entry. */
function editableLeaves(node: FormNode, at = ''): string[] {
  switch (node.kind) {
    case 'object':
      return node.fields.flatMap((field) => editableLeaves(field.node, `${at}/${field.name}`));
    case 'list':
    case 'record':
      return editableLeaves(node.kind === 'list' ? node.item : node.value, `${at}/*`);
    case 'featureTree':
      return [`${at}/enabled`];
    case 'constant':
      return [];
    default:
      return [at];
  }
}

/** The leaves of a schema a value can hold, named the same way. */
function schemaLeaves(schema: Record<string, unknown>, at = ''): string[] {
  if ('const' in schema) return [];
  if (schema.properties && 'childrenNodes' in (schema.properties as object)) return [`${at}/enabled`];
  if (schema.type === 'object' && schema.patternProperties)
    return Object.values(schema.patternProperties as Record<string, Record<string, unknown>>).flatMap((value) =>
      schemaLeaves(value, `${at}/*`),
    );
  if (schema.type === 'object')
    return Object.entries(schema.properties as Record<string, Record<string, unknown>>).flatMap(([name, property]) =>
      schemaLeaves(property, `${at}/${name}`),
    );
  if (schema.type === 'array') return schemaLeaves(schema.items as Record<string, unknown>, `${at}/*`);
  return [at];
}

describe('the site settings forms', () => {
  it('cover every settings key the CLI edits: each is on this screen or named as edited on another', () => {
    const covered = new Set<string>([...EDITABLE_SETTINGS, ...Object.keys(SETTINGS_EDITED_ELSEWHERE)]);
    expect(SETTINGS_KEYS.filter((key) => !covered.has(key))).toEqual([]);
    expect(EDITABLE_SETTINGS.filter((key) => key in SETTINGS_EDITED_ELSEWHERE)).toEqual([]);
  });

  it.each(EDITABLE_SETTINGS.filter((key) => key !== 'maintenance'))('build a control for every field of %s', (key) => {
    const schema = SETTINGS_SCHEMAS[key as SettingsKey] as unknown as Record<string, unknown>;
    const form = formOf(schema);
    expect(editableLeaves(form).sort()).toEqual(schemaLeaves(schema).sort());
  });

  it('choose the control each field calls for', () => {
    const region = formOf(SETTINGS_SCHEMAS.region);
    expect(region.kind === 'object' && region.fields.map((field) => [field.name, field.node.kind])).toEqual([
      ['allowCountries', 'list'],
      ['denyCountries', 'list'],
      ['allowCidrs', 'list'],
      ['denyCidrs', 'list'],
      ['blockUnknownCountry', 'switch'],
    ]);
    expect(formOf(SETTINGS_SCHEMAS.maintenance)).toMatchObject({
      kind: 'object',
      fields: [{ node: { kind: 'switch' } }, { node: { kind: 'time', nullable: true } }],
    });
    expect(formOf(SETTINGS_SCHEMAS.customerService)).toMatchObject({
      kind: 'list',
      item: { fields: [{ name: 'csType', node: { kind: 'select', options: ['VIP', 'LIVECHAT'] } }, { name: 'path' }] },
    });
    expect(formOf(SETTINGS_SCHEMAS.withdrawal)).toMatchObject({
      fields: [{ node: { kind: 'integer', min: 1, max: 1e15 } }, {}, {}, {}],
    });
    expect(formOf(SETTINGS_SCHEMAS.whitelabel)).toEqual({ kind: 'featureTree' });
    expect(formOf(SETTINGS_SCHEMAS.product)).toMatchObject({
      fields: expect.arrayContaining([
        { name: 'phoneCountry', node: expect.anything(), optional: true, hint: expect.any(String) },
      ]),
    });
  });

  it('refuse a schema shape no control exists for', () => {
    expect(() => formOf({ anyOf: [{ type: 'string' }, { type: 'integer' }] })).toThrow(/no form control/);
  });

  it('start a new register rule with every field the schema requires', () => {
    const rules = formOf(SETTINGS_SCHEMAS.registerRules);
    expect(rules.kind === 'record' && blankOf(rules.value)).toEqual({
      shown: false,
      required: false,
      acceptedPattern: '',
      patternId: 0,
      minLength: 0,
      maxLength: 1,
    });
  });

  it('edit one part of a value without touching the rest, and remove entries', () => {
    const before = { a: [1, 2], b: { c: 'x', d: 'y' } };
    expect(setAt(before, ['a', 1], 5)).toEqual({ a: [1, 5], b: { c: 'x', d: 'y' } });
    expect(setAt(before, ['b', 'c'], undefined)).toEqual({ a: [1, 2], b: { d: 'y' } });
    expect(before).toEqual({ a: [1, 2], b: { c: 'x', d: 'y' } });
  });

  it('see a value the database gave back with its keys in another order as unchanged', () => {
    expect(
      sameValue({ shown: true, rule: { a: 1, b: [1, { c: 2, d: 3 }] } }, { rule: { b: [1, { d: 3, c: 2 }], a: 1 }, shown: true }),
    ).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: null }, { a: null })).toBe(true);
  });

  it("put each of the server's reasons under the field it names", () => {
    const byPath = reasonsByPath([
      { field: 'body/value/allowCountries/0', key: 'validation.rejected', params: { reason: 'must match pattern' } },
      { field: 'body/value', key: 'validation.rejected', params: { reason: 'duplicate modId: ROOT' } },
    ]);
    expect([...byPath]).toEqual([
      ['/allowCountries/0', ['must match pattern']],
      ['', ['duplicate modId: ROOT']],
    ]);
  });

  it('ask before a change that can shut players out, and only then', () => {
    const open = { allowCountries: [], denyCountries: [], allowCidrs: [], denyCidrs: [], blockUnknownCountry: false };
    expect(confirmationOf('region', open, { ...open, allowCountries: ['BD'] })).toBe('settings.confirm_region');
    expect(confirmationOf('region', open, { ...open, denyCountries: ['US'] })).toBeNull();
    const on = { modId: 'ROOT', enabled: true, childrenNodes: [] };
    expect(confirmationOf('whitelabel', on, { ...on, enabled: false })).toBe('settings.confirm_features_off');
    expect(confirmationOf('analytics', { gtagId: '' }, { gtagId: 'G-1' })).toBeNull();
  });
});
