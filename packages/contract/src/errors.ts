/**
 * The one error catalogue shared by server and client: code → HTTP status → message key.
 * The server answers `{ success: false, code, message: messageKey }`; the client translates `message`.
 */
export const ERRORS = {
  'request.invalid': { status: 400, messageKey: 'errors.request_invalid' },
  'request.body.too.large': { status: 413, messageKey: 'errors.request_too_large' },
  'request.media.unsupported': { status: 415, messageKey: 'errors.request_media_unsupported' },
  'function.not.available': { status: 400, messageKey: 'errors.function_not_available' },
  'merchant.unknown': { status: 400, messageKey: 'errors.merchant_unknown' },
  'route.not.found': { status: 404, messageKey: 'errors.route_not_found' },
  'relay.not.found': { status: 404, messageKey: 'errors.route_not_found' },
  'method.not.allowed': { status: 405, messageKey: 'errors.method_not_allowed' },
  'login.not.session': { status: 401, messageKey: 'errors.not_logged_in' },
  'rate.limited': { status: 429, messageKey: 'errors.too_many_requests' },
  'system.maintenance': { status: 503, messageKey: 'errors.system_maintenance' },
  'access.restricted': { status: 403, messageKey: 'errors.access_restricted' },
  'system.not.ready': { status: 503, messageKey: 'errors.system_error' },
  'system.error': { status: 500, messageKey: 'errors.system_error' },
  // --- accounts (issue 4): sessions, login, register, passwords, captcha, SMS, encrypted entries ---
  'request.encryption.required': { status: 400, messageKey: 'errors.encryption_required' },
  'request.encryption.invalid': { status: 400, messageKey: 'errors.encryption_invalid' },
  /** The key id is unknown or past its grace period: the client fetches the current key and seals again. */
  'request.encryption.key.unknown': { status: 400, messageKey: 'errors.encryption_key_unknown' },
  /** A sealed payload older than 2 minutes, or one whose nonce was already used. */
  'request.replayed': { status: 400, messageKey: 'errors.request_replayed' },
  /** Same code for an unknown account and a wrong password, so the answer does not reveal which accounts exist. */
  'login.invalid': { status: 400, messageKey: 'errors.login_invalid' },
  /** A wrong password that makes the image captcha necessary from now on: the client shows it. */
  'login.invalid.captcha': { status: 400, messageKey: 'errors.login_invalid_captcha' },
  'login.captcha.required': { status: 400, messageKey: 'errors.captcha_required' },
  'login.captcha.invalid': { status: 400, messageKey: 'errors.captcha_invalid' },
  'login.locked': { status: 429, messageKey: 'errors.too_many_requests' },
  'login.non.member': { status: 403, messageKey: 'errors.login_non_member' },
  'login.account.frozen': { status: 403, messageKey: 'errors.account_frozen' },
  'register.username.taken': { status: 409, messageKey: 'errors.username_taken' },
  'register.mobile.taken': { status: 409, messageKey: 'errors.mobile_taken' },
  invitation_code_error: { status: 400, messageKey: 'invitation_code_error' },
  'password.confirmation.mismatch': { status: 400, messageKey: 'validation.confirmation_mismatch' },
  'password.old.invalid': { status: 400, messageKey: 'errors.old_password_invalid' },
  'password.old.required': { status: 400, messageKey: 'errors.old_password_required' },
  'password.grant.invalid': { status: 400, messageKey: 'errors.password_grant_invalid' },
  'password.reset.invalid': { status: 400, messageKey: 'errors.password_reset_invalid' },
  'password.too.weak': { status: 400, messageKey: 'errors.password_too_weak' },
  'captcha.too.frequent': { status: 429, messageKey: 'errors.captcha_too_frequent' },
  'sms.too.frequent': { status: 429, messageKey: 'errors.sms_too_frequent' },
  'sms.code.invalid': { status: 400, messageKey: 'errors.sms_code_invalid' },
  'sms.code.expired': { status: 400, messageKey: 'errors.sms_code_expired' },
  'sms.mobile.invalid': { status: 400, messageKey: 'errors.sms_mobile_invalid' },
  'sms.send.failed': { status: 502, messageKey: 'errors.sms_send_failed' },
  in_need_true_account: { status: 403, messageKey: 'in_need_true_account' },
  // --- end accounts ---
  // content (announcements, notices)
  'notice.not.found': { status: 404, messageKey: 'errors.notice_not_found' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Message keys for validation failures, one per kind of rule the API schemas use. */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  type: 'validation.type',
  tooShort: 'validation.too_short',
  tooLong: 'validation.too_long',
  tooSmall: 'validation.too_small',
  tooLarge: 'validation.too_large',
  pattern: 'validation.pattern',
  oneOf: 'validation.one_of',
  unknownField: 'validation.unknown_field',
  invalid: 'validation.invalid',
} as const;
