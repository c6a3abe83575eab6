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
