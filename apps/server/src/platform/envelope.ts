import { type ErrorEnvelope, type FieldError, OK_CODE } from '@tessera/contract/envelope';
import { ERRORS, type ErrorCode, VALIDATION_KEYS } from '@tessera/contract/errors';
import { API_PREFIXES } from '@tessera/contract/headers';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export const ok = <T>(value: T) => ({ success: true, value, message: '', code: OK_CODE });

export function errorEnvelope(code: ErrorCode, value: ErrorEnvelope['value'] = null): ErrorEnvelope {
  return { success: false, value, message: ERRORS[code].messageKey, code };
}

export const isApiPath = (url: string) =>
  API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const keywordKeys: Record<string, string> = {
  required: VALIDATION_KEYS.required,
  type: VALIDATION_KEYS.type,
  minLength: VALIDATION_KEYS.tooShort,
  maxLength: VALIDATION_KEYS.tooLong,
  minItems: VALIDATION_KEYS.tooShort,
  maxItems: VALIDATION_KEYS.tooLong,
  minimum: VALIDATION_KEYS.tooSmall,
  maximum: VALIDATION_KEYS.tooLarge,
  pattern: VALIDATION_KEYS.pattern,
  enum: VALIDATION_KEYS.oneOf,
  const: VALIDATION_KEYS.oneOf,
  anyOf: VALIDATION_KEYS.oneOf,
  additionalProperties: VALIDATION_KEYS.unknownField,
};

/** Maps schema-validation failures to field errors with translatable keys and their parameters. */
function fieldErrors(errors: AjvError[], context: string | undefined): FieldError[] {
  return errors.slice(0, 20).map((error) => {
    const extra = error.params.missingProperty ?? error.params.additionalProperty;
    const field = `${context ?? 'body'}${error.instancePath}${extra ? `/${String(extra)}` : ''}`;
    const params: Record<string, string | number> = {};
    for (const name of ['limit', 'missingProperty', 'additionalProperty', 'type'] as const) {
      const value = error.params[name];
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
    return { field, key: keywordKeys[error.keyword] ?? VALIDATION_KEYS.invalid, params };
  });
}

/** Fastify's own 4xx errors (bad JSON, too large, wrong content type) mapped to catalogue codes. */
function codeForFastifyError(error: FastifyError): ErrorCode {
  if (error.statusCode === 413) return 'request.body.too.large';
  if (error.statusCode === 415) return 'request.media.unsupported';
  if (error.statusCode === 429) return 'rate.limited';
  if (error.statusCode === 404) return 'route.not.found';
  return 'request.invalid';
}

/** PostgreSQL's and the driver's ways of saying the database is restarting or out of reach. */
const DATABASE_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08000', '08003', '08006']);
const DATABASE_UNAVAILABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error)/;

/** A request that failed because the database was briefly unreachable: 503, which a client retries, not a 500. */
const isDatabaseUnavailable = (error: { code?: unknown; message?: unknown }) =>
  DATABASE_UNAVAILABLE_CODES.has(String(error.code)) || DATABASE_UNAVAILABLE_MESSAGES.test(String(error.message));

/**
 * Every answer is an envelope: errors too. Bad input is a 4xx with message keys, never a 500; a 5xx body never
 * carries internals (the log has them).
 */
export function installEnvelope(
  app: FastifyInstance,
  serveWebApp: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<Buffer | string> | null,
) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(errorEnvelope(error.code, error.value));
    if (error.validation) {
      return reply
        .status(400)
        .send(errorEnvelope('request.invalid', { fields: fieldErrors(error.validation as AjvError[], error.validationContext) }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorEnvelope(codeForFastifyError(error)));
    }
    request.log.error({ err: error }, 'unhandled error');
    if (isDatabaseUnavailable(error)) return reply.status(503).send(errorEnvelope('system.not.ready'));
    return reply.status(500).send(errorEnvelope('system.error'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      const served = serveWebApp(request, reply);
      if (served) return served;
    }
    return reply.status(404).send(errorEnvelope('route.not.found'));
  });
}
