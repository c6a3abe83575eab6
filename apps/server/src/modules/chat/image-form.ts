import type { FastifyMultipartOptions } from '@fastify/multipart';
import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { CHAT_IMAGE_FIELD, CHAT_IMAGE_LIMITS } from '@tessera/contract/routes/chat';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';

/** One file part and a little room for the boundaries and part headers. */
const MAX_BODY_BYTES = CHAT_IMAGE_LIMITS.maxBytes + 16 * 1024;

/** Enforced by the parser while it streams: the file is cut at 5 MB and flagged, so the reader can say so. */
export const CHAT_IMAGE_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: false,
  limits: { fileSize: CHAT_IMAGE_LIMITS.maxBytes, files: 1, fields: 0, parts: 2, headerPairs: 20 },
};

/** The one `image` file of the multipart body, read no further than the limit allows. */
export async function readChatImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('request.media.unsupported');
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) throw new AppError('chat.image.too.large');
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== CHAT_IMAGE_FIELD || file !== null) {
        throw new AppError('request.invalid', { fields: [fieldError(part.fieldname, VALIDATION_KEYS.unknownField)] });
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new AppError('chat.image.too.large');
      file = Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('request.invalid');
  }
  if (!file || file.length === 0) {
    throw new AppError('request.invalid', { fields: [fieldError(CHAT_IMAGE_FIELD, VALIDATION_KEYS.required)] });
  }
  return file;
}
