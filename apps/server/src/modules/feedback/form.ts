import type { FastifyMultipartOptions } from '@fastify/multipart';
import { FEEDBACK_FIELDS, FEEDBACK_KEYS } from '@tessera/contract/api/feedback';
import type { FieldError } from '@tessera/contract/envelope';
import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { hasControlCharacters } from '@tessera/contract/validation/control-characters';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { detectImageType } from '../../platform/image-type.js';

export interface FeedbackImage {
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface FeedbackForm {
  content: string;
  contact: string | null;
  images: FeedbackImage[];
}

/** Room for UTF-8 (up to 4 bytes a character) of the longest allowed text field; longer values are cut and refused. */
const FIELD_MAX_BYTES = FEEDBACK_LIMITS.contentMaxLength * 4;
/** Every part a valid form can have, and a little room for the boundaries and part headers. */
export const FEEDBACK_MAX_BODY_BYTES =
  FEEDBACK_LIMITS.imagesMax * FEEDBACK_LIMITS.imageMaxBytes + 3 * FIELD_MAX_BYTES + 64 * 1024;

/**
 * Multipart limits enforced by the parser while it streams. A file is cut at 5 MB and flagged (not thrown), so the
 * reader answers with the field that was too large.
 */
export const FEEDBACK_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: FEEDBACK_LIMITS.imageMaxBytes,
    files: FEEDBACK_LIMITS.imagesMax,
    fields: 2,
    fieldSize: FIELD_MAX_BYTES,
    // Above files + fields, so that a fourth image is reported as such.
    parts: 10,
    headerPairs: 20,
  },
};

const codePoints = (text: string) => [...text].length;

/**
 * Reads the multipart form part by part. Limits hold while streaming: a file is read only up to 5 MB, a
 * fourth file or an unknown part stops the read at once, so no request makes the server buffer more than the
 * limits allow. Problems a player can fix are collected and answered together as field errors.
 */
export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  if (!request.isMultipart()) throw new AppError('request.media.unsupported');
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > FEEDBACK_MAX_BODY_BYTES) throw new AppError('request.body.too.large');

  const errors: FieldError[] = [];
  const texts: Partial<Record<'content' | 'contact', string>> = {};
  const images: FeedbackImage[] = [];
  let fileCount = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        fileCount += 1;
        const position = fileCount;
        if (part.fieldname !== FEEDBACK_FIELDS.images) {
          throw new AppError('request.invalid', { fields: [fieldError(part.fieldname, VALIDATION_KEYS.unknownField)] });
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) {
          throw new AppError('request.body.too.large', {
            fields: [fieldError(`images/${position}`, FEEDBACK_KEYS.imageTooLarge, { limit: FEEDBACK_LIMITS.imageMaxBytes })],
          });
        }
        const bytes = Buffer.concat(chunks);
        const mime = detectImageType(bytes);
        if (mime) images.push({ mime, bytes });
        else errors.push(fieldError(`images/${position}`, FEEDBACK_KEYS.imageType));
        continue;
      }
      const name = part.fieldname as keyof typeof texts;
      if ((name !== FEEDBACK_FIELDS.content && name !== FEEDBACK_FIELDS.contact) || name in texts) {
        throw new AppError('request.invalid', { fields: [fieldError(name, VALIDATION_KEYS.unknownField)] });
      }
      if (part.valueTruncated) {
        errors.push(fieldError(name, VALIDATION_KEYS.tooLong, { limit: limitOf(name) }));
        texts[name] = '';
      } else {
        texts[name] = String(part.value).trim();
      }
    }
  } catch (error) {
    throw asAppError(error);
  }

  const content = texts.content ?? '';
  const contact = texts.contact ?? '';
  if (!errors.some((error) => error.field === 'body/content')) {
    if (content === '') errors.push(fieldError('content', VALIDATION_KEYS.required, { missingProperty: 'content' }));
    else if (codePoints(content) > FEEDBACK_LIMITS.contentMaxLength)
      errors.push(fieldError('content', VALIDATION_KEYS.tooLong, { limit: FEEDBACK_LIMITS.contentMaxLength }));
    else if (hasControlCharacters(content, 'multi-line')) errors.push(fieldError('content', VALIDATION_KEYS.controlCharacters));
  }
  if (!errors.some((error) => error.field === 'body/contact')) {
    if (codePoints(contact) > FEEDBACK_LIMITS.contactMaxLength)
      errors.push(fieldError('contact', VALIDATION_KEYS.tooLong, { limit: FEEDBACK_LIMITS.contactMaxLength }));
    else if (hasControlCharacters(contact)) errors.push(fieldError('contact', VALIDATION_KEYS.controlCharacters));
  }
  if (errors.length) throw new AppError('request.invalid', { fields: errors });
  return { content, contact: contact === '' ? null : contact, images };
}

const limitOf = (name: 'content' | 'contact') =>
  name === 'content' ? FEEDBACK_LIMITS.contentMaxLength : FEEDBACK_LIMITS.contactMaxLength;

/** The multipart parser's own failures, as catalogue errors a client can act on. */
function asAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('request.invalid', {
      fields: [fieldError('images', FEEDBACK_KEYS.tooManyImages, { limit: FEEDBACK_LIMITS.imagesMax })],
    });
  }
  return new AppError('request.invalid');
}
