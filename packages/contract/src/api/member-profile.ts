import { type Static, Type } from 'typebox';
import { BUILT_IN_AVATARS, type BuiltInAvatar, PROFILE_PAGE_FIELDS, type ProfilePageField } from '../avatar-limits.js';
import * as routes from '../routes/member-profile.js';
import { RegisterRule } from '../settings.js';
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

export const PlayerAvatar = Type.Object({
  avatar: Type.String({ description: "STATIC: the built-in picture's number; CUSTOM: the stored picture's address" }),
  avatarType: Type.Union([Type.Literal('STATIC'), Type.Literal('CUSTOM')]),
});
export type PlayerAvatar = Static<typeof PlayerAvatar>;

export const ProfileFieldEntry = Type.Object({
  name: Type.Unsafe<ProfilePageField>(Type.Union(PROFILE_PAGE_FIELDS.map((field) => Type.Literal(field)))),
  value: Type.String(),
  rule: RegisterRule,
});
export type ProfileFieldEntry = Static<typeof ProfileFieldEntry>;

export const MemberProfile = Type.Object({
  account: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  avatar: PlayerAvatar,
  birthday: Type.Union([Type.String({ description: 'yyyy-MM-dd' }), Type.Null()], {
    description: 'Set once by the player; customer service corrects it',
  }),
  fields: Type.Array(ProfileFieldEntry, { description: "The optional fields the merchant shows, in the page's order" }),
  emailMasked: Type.Union([Type.String(), Type.Null()]),
  emailVerified: Type.Boolean(),
  mobileMasked: Type.Union([Type.String(), Type.Null()]),
  mobileVerified: Type.Boolean(),
  twoFactorEnabled: Type.Boolean({ description: 'Binding an e-mail or mobile must carry googleCode' }),
});
export type MemberProfile = Static<typeof MemberProfile>;

export const getProfile = defineCall(routes.getProfile, {
  tags: ['accounts'],
  summary:
    "The profile page (members centre `profile`): nickname, avatar, birthday, the merchant's optional fields, bound contacts",
  value: MemberProfile,
});

const fieldValue = () => Type.Optional(Type.String({ maxLength: 200 }));

/** One property per PROFILE_PAGE_FIELDS entry. */
const FieldValues = Type.Object(
  {
    fullName: fieldValue(),
    address: fieldValue(),
    nationality: fieldValue(),
    occupation: fieldValue(),
    sourceOfIncome: fieldValue(),
    placeOfBirth: fieldValue(),
    line: fieldValue(),
    whatsapp: fieldValue(),
    facebook: fieldValue(),
    wechat: fieldValue(),
    telegram: fieldValue(),
    zalo: fieldValue(),
    qqNum: fieldValue(),
  },
  { additionalProperties: false },
);

export const UpdateProfileBody = Type.Object(
  {
    birthday: Type.Optional(Type.String({ maxLength: 10, description: 'yyyy-MM-dd, at least 21 years ago; once only' })),
    fields: Type.Optional(FieldValues),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const updateProfile = defineCall(routes.updateProfile, {
  tags: ['accounts'],
  summary:
    "Sets the birthday (once) and the merchant's optional fields, each checked by its register rule; an empty value clears a field",
  body: UpdateProfileBody,
  value: MemberProfile,
});

export const chooseAvatar = defineCall(routes.chooseAvatar, {
  tags: ['accounts'],
  summary: 'Chooses a built-in avatar (STATIC); a custom picture uploaded before is deleted',
  body: Type.Object(
    { avatar: Type.Unsafe<BuiltInAvatar>(Type.Union(BUILT_IN_AVATARS.map((id) => Type.Literal(id)))) },
    { additionalProperties: false },
  ),
  value: PlayerAvatar,
});

export const uploadAvatar = defineCall(routes.uploadAvatar, {
  tags: ['accounts'],
  summary:
    'Uploads a custom avatar: multipart/form-data with one `avatar` file, png or jpg of at most 5 MB and 4096 × 4096 pixels. Re-encoded on the server as a 256-pixel WebP without metadata (EXIF dropped) and served from /media/avatars/',
  value: PlayerAvatar,
});
