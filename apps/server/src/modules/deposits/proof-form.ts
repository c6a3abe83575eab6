import type { FastifyMultipartOptions } from '@fastify/multipart';
import { DEPOSIT_PROOF_FIELD } from '@tessera/contract/api/deposits';
import { FEEDBACK_KEYS } from '@tessera/contract/api/feedback';
import type { FieldError } from '@tessera/contract/envelope';
import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { detectImageType } from '../../platform/image-type.js';

/** Spec §9 upload rule, the same as feedback's: png or jpg by content, 5 MB each, up to 3. */
const LIMITS = FEEDBACK_LIMITS;
const MAX_BODY_BYTES = LIMITS.imagesMax * LIMITS.imageMaxBytes + 64 * 1024;

export const PROOF_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: false,
  limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imagesMax, fields: 0, parts: LIMITS.imagesMax + 2, headerPairs: 20 },
};

const fieldError = (field: string, key: string, params: FieldError['params'] = {}): FieldError => ({ field, key, params });

/** Reads the proof images while streaming: a file stops at 5 MB, a fourth file or any other part ends the read. */
export async function readProofImages(request: FastifyRequest): Promise<{ mime: string; bytes: Buffer }[]> {
  if (!request.isMultipart()) throw new AppError('request.media.unsupported');
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) throw new AppError('request.body.too.large');
  const images: { mime: string; bytes: Buffer }[] = [];
  const errors: FieldError[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== DEPOSIT_PROOF_FIELD) {
        throw new AppError('request.invalid', { fields: [fieldError(part.fieldname, VALIDATION_KEYS.unknownField)] });
      }
      const position = images.length + errors.length + 1;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) {
        throw new AppError('request.body.too.large', {
          fields: [fieldError(`images/${position}`, FEEDBACK_KEYS.imageTooLarge, { limit: LIMITS.imageMaxBytes })],
        });
      }
      const bytes = Buffer.concat(chunks);
      const mime = detectImageType(bytes);
      if (mime) images.push({ mime, bytes });
      else errors.push(fieldError(`images/${position}`, FEEDBACK_KEYS.imageType));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('request.invalid', {
        fields: [fieldError('images', FEEDBACK_KEYS.tooManyImages, { limit: LIMITS.imagesMax })],
      });
    }
    throw new AppError('request.invalid');
  }
  if (errors.length) throw new AppError('request.invalid', { fields: errors });
  if (images.length === 0) throw new AppError('request.invalid', { fields: [fieldError('images', VALIDATION_KEYS.required)] });
  return images;
}
