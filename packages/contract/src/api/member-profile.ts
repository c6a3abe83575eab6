import { Type } from 'typebox';
import * as routes from '../routes/member-profile.js';
import { defineCall } from './call.js';

/*
 * Member profile calls of spec §4 and §7.1 whose paths the spec leaves open: the nickname chosen at the
 * first-login step and the language sent when a logged-in member changes it.
 */

export const setNickname = defineCall(routes.setNickname, {
  tags: ['accounts'],
  summary: 'Set the nickname (first-login step): 2–16 letters or digits, unique in the merchant regardless of case',
  body: Type.Object({ nickname: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
  value: Type.Object({ nickname: Type.String() }),
});

export const setLanguage = defineCall(routes.setLanguage, {
  tags: ['accounts'],
  summary: "Record the site language the member chose (one of the merchant's supportLanguages)",
  body: Type.Object({ language: Type.String({ pattern: '^[a-z]{2}$' }) }, { additionalProperties: false }),
  value: Type.Null(),
});
