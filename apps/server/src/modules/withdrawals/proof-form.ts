import type { FastifyMultipartOptions } from '@fastify/multipart';
import { ACTIVITY_REMARK, isRemarkTooLong } from '@tessera/contract/activity-remark';
import { FEEDBACK_KEYS } from '@tessera/contract/api/feedback';
import { WITHDRAWAL_NOTE_FIELD, WITHDRAWAL_PROOF_FIELD } from '@tessera/contract/api/withdrawals';
import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { hasControlCharacters } from '@tessera/contract/validation/control-characters';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { detectImageType } from '../../platform/image-type.js';

const NOTE_MAX_BYTES = ACTIVITY_REMARK.maxLength * 4;
const MAX_BODY_BYTES = FEEDBACK_LIMITS.imageMaxBytes + NOTE_MAX_BYTES + 16 * 1024;

/** Spec §5/§9 upload rule (png or jpg by content, 5 MB), one image per report, plus an optional short note. */
export const PROOF_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: false,
  limits: { fileSize: FEEDBACK_LIMITS.imageMaxBytes, files: 1, fields: 1, fieldSize: NOTE_MAX_BYTES, parts: 3, headerPairs: 20 },
};

export interface NotReceivedForm {
  proof: { mime: 'image/png' | 'image/jpeg'; bytes: Buffer };
  note: string | null;
}

/** Reads the form while streaming: the image stops at 5 MB, any unknown or extra part ends the read. */
export async function readNotReceivedForm(request: FastifyRequest): Promise<NotReceivedForm> {
  if (!request.isMultipart()) throw new AppError('request.media.unsupported');
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) throw new AppError('request.body.too.large');
  let proof: NotReceivedForm['proof'] | null = null;
  let note: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === WITHDRAWAL_PROOF_FIELD) {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) {
          throw new AppError('request.body.too.large', {
            fields: [fieldError(WITHDRAWAL_PROOF_FIELD, FEEDBACK_KEYS.imageTooLarge, { limit: FEEDBACK_LIMITS.imageMaxBytes })],
          });
        }
        const bytes = Buffer.concat(chunks);
        const mime = detectImageType(bytes);
        if (!mime)
          throw new AppError('request.invalid', { fields: [fieldError(WITHDRAWAL_PROOF_FIELD, FEEDBACK_KEYS.imageType)] });
        proof = { mime, bytes };
      } else if (part.type === 'field' && part.fieldname === WITHDRAWAL_NOTE_FIELD) {
        const text = String(part.value).trim();
        if (part.valueTruncated || isRemarkTooLong(text)) {
          throw new AppError('request.invalid', {
            fields: [fieldError(WITHDRAWAL_NOTE_FIELD, ACTIVITY_REMARK.tooLongKey, { max: ACTIVITY_REMARK.maxLength })],
          });
        }
        if (hasControlCharacters(text, 'multi-line')) {
          throw new AppError('request.invalid', {
            fields: [fieldError(WITHDRAWAL_NOTE_FIELD, VALIDATION_KEYS.controlCharacters)],
          });
        }
        note = text === '' ? null : text;
      } else {
        throw new AppError('request.invalid', { fields: [fieldError(part.fieldname, VALIDATION_KEYS.unknownField)] });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('request.invalid');
  }
  if (!proof) throw new AppError('request.invalid', { fields: [fieldError(WITHDRAWAL_PROOF_FIELD, VALIDATION_KEYS.required)] });
  return { proof, note };
}
