import { type Static, type TSchema, Type } from 'typebox';

/**
 * Every answer of the API, errors included, has this shape (spec §7: "success, value, message").
 * `message` is a translation key the client renders; `code` is the stable machine code.
 */
export const Envelope = <T extends TSchema>(value: T) =>
  Type.Object({
    success: Type.Boolean(),
    value,
    message: Type.String(),
    code: Type.String(),
  });

export type EnvelopeOf<T> = { success: boolean; value: T; message: string; code: string };

export const OK_CODE = 'ok';

export const FieldError = Type.Object({
  field: Type.String({ description: 'Path of the offending field, e.g. "/username" or "querystring/count"' }),
  key: Type.String({ description: 'Translation key of the message' }),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});
export type FieldError = Static<typeof FieldError>;

/** The value of an error envelope: field errors for invalid input, null otherwise. */
export const ErrorValue = Type.Union([Type.Object({ fields: Type.Array(FieldError) }), Type.Null()]);
export type ErrorValue = Static<typeof ErrorValue>;

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  value: ErrorValue,
  message: Type.String(),
  code: Type.String(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
