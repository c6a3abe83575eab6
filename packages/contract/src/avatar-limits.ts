/**
 * The player's avatar (spec §3 Avatar: avatar, avatarType STATIC or CUSTOM). Plain constants with no schema
 * library, so the web app imports them without pulling TypeBox into its bundle.
 */
export const AVATAR_LIMITS = {
  /** Spec §5 / §9 upload rule: png or jpg, 5 MB. */
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg'],
  /** Refused before decoding: a 4096 × 4096 photo is more than an avatar needs, a bomb far more. */
  maxInputPixels: 4096 * 4096,
  /** The stored picture: a square this many pixels wide, re-encoded as WebP. */
  storedSize: 256,
} as const;

/** The built-in set: STATIC avatars '0' (the default) to '7', drawn by the web app. */
export const BUILT_IN_AVATARS = ['0', '1', '2', '3', '4', '5', '6', '7'] as const;
export type BuiltInAvatar = (typeof BUILT_IN_AVATARS)[number];

/** Where stored custom avatars are served from; the name is random and the picture never changes under it. */
export const AVATAR_MEDIA_PREFIX = '/media/avatars/';

/** The multipart field of an avatar upload. */
export const AVATAR_UPLOAD_FIELD = 'avatar';

/**
 * The optional fields a player may fill in on the profile page when the merchant shows them at sign-up (their
 * register rule's `shown`). Birthday is always offered. Fields that pay out or identify the account (payee name,
 * ID number, e-mail, mobile) are not here: they move through their own checked flows.
 */
export const PROFILE_PAGE_FIELDS = [
  'fullName',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'qqNum',
] as const;
export type ProfilePageField = (typeof PROFILE_PAGE_FIELDS)[number];
