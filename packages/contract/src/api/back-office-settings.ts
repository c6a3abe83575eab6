import { Type } from 'typebox';
import * as routes from '../routes/back-office-settings.js';
import { SETTINGS_SCHEMAS } from '../settings.js';
import { defineCall } from './call.js';

/**
 * The back office's site settings: each editable key read and replaced whole, validated by the site settings
 * service exactly as `npm run admin -- settings set` is, and recorded in the audit log with its before and after.
 */

const TAGS = ['back-office'];
const bypassesGate = true;

const editable = Object.fromEntries(routes.EDITABLE_SETTINGS.map((key) => [key, SETTINGS_SCHEMAS[key]])) as {
  [K in (typeof routes.EDITABLE_SETTINGS)[number]]: (typeof SETTINGS_SCHEMAS)[K];
};

export const settingsGet = defineCall(routes.settingsGet, {
  tags: TAGS,
  bypassesGate,
  summary: 'The editable site settings as stored (defaults for keys never set)',
  value: Type.Object(editable),
});

export const settingsSet = defineCall(routes.settingsSet, {
  tags: TAGS,
  bypassesGate,
  summary: 'Replace one editable settings key; a refused value answers settings.rejected with every reason',
  body: Type.Object(
    {
      key: Type.Enum(routes.EDITABLE_SETTINGS),
      value: Type.Unknown({ description: "The key's new value; checked against its schema and rules by the service" }),
    },
    { additionalProperties: false },
  ),
  value: Type.Unknown(),
});
