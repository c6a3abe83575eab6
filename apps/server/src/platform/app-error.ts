import type { ErrorValue } from '@tessera/contract/envelope';
import { ERRORS, type ErrorCode } from '@tessera/contract/errors';

/** An expected failure with a catalogue code; the envelope plugin turns it into `{success:false, code, message}`. */
export class AppError extends Error {
  readonly status: number;
  readonly messageKey: string;

  constructor(
    readonly code: ErrorCode,
    readonly value: ErrorValue = null,
  ) {
    super(code);
    this.status = ERRORS[code].status;
    this.messageKey = ERRORS[code].messageKey;
  }
}
