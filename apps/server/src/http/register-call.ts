import type { CallDef } from '@tessera/contract/api/call';
import { Envelope, ErrorEnvelope } from '@tessera/contract/envelope';
import { HEADERS } from '@tessera/contract/headers';
import type { CallPermission } from '@tessera/contract/staff-permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { AppError } from '../platform/app-error.js';
import { ok } from '../platform/envelope.js';
import type { HttpContext } from './http-context.js';
import { refuseControlCharacters } from './text-input.js';
import './request-context.js';

type In<S> = S extends TSchema ? Static<S> : undefined;

export type CallHandler<V extends TSchema, Q, B> = (
  request: FastifyRequest<{ Querystring: In<Q>; Body: In<B> }>,
  reply: FastifyReply,
) => Promise<Static<V>>;

/** OpenAPI: an optional token is the empty requirement or the token. */
const SECURITY: Record<'token' | 'optional' | 'staff', Record<string, string[]>[]> = {
  token: [{ token: [] }],
  optional: [{}, { token: [] }],
  staff: [{ staffToken: [] }],
};

const errorResponses = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/** One envelope schema per value schema, so its compiled serializer is found again (http/schema-compilers.ts). */
const envelopes = new WeakMap<TSchema, TSchema>();
function envelopeOf(value: TSchema): TSchema {
  let envelope = envelopes.get(value);
  if (!envelope) {
    envelope = Envelope(value);
    envelopes.set(value, envelope);
  }
  return envelope;
}

/**
 * Registers one contract call: input schemas validated by Fastify, the envelope's `value` schema used for
 * serialisation (unknown fields never leak), the token check (`auth` 'token' needs a live session, 'optional' takes one
 * when it comes), and the maintenance / region gate unless the call bypasses it. The gate and the token check run on
 * request, before the body is parsed or validated: an anonymous caller learns nothing about the body the call expects.
 */
export function registerCall<V extends TSchema, Q extends TSchema | undefined, B extends TSchema | undefined>(
  app: FastifyInstance,
  http: HttpContext,
  call: CallDef<V, Q, B>,
  handler: CallHandler<V, Q, B>,
) {
  const onRequest = callGuards(http, call);
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      summary: call.permission && call.permission !== 'public' ? `${call.summary} [${call.permission}]` : call.summary,
      tags: call.tags,
      ...(call.auth === 'none' ? {} : { security: SECURITY[call.auth] }),
      ...(call.querystring ? { querystring: call.querystring } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: envelopeOf(call.value), ...errorResponses },
    },
    onRequest,
    preValidation: refuseControlCharacters,
    handler: async (request, reply) => ok(await handler(request as never, reply)),
  });
}

/**
 * The gate and the token or staff check of a route, run on request: also for the few routes that answer bytes
 * rather than an envelope (a chat picture), which register themselves.
 */
export function callGuards(
  http: HttpContext,
  call: Pick<CallDef, 'auth' | 'permission' | 'bypassesGate'>,
): onRequestAsyncHookHandler[] {
  const onRequest: onRequestAsyncHookHandler[] = [];
  if (!call.bypassesGate) onRequest.push(http.gate);
  if (call.auth === 'staff') onRequest.push(staffCheck(http, call.permission));
  else if (call.auth !== 'none') onRequest.push(tokenCheck(http, call.auth === 'token'));
  return onRequest;
}

/**
 * A required token refuses the call without a live session (saying so apart when a newer login ended it); an
 * optional one that is missing or stale is no error.
 */
function tokenCheck(http: HttpContext, required: boolean): onRequestAsyncHookHandler {
  return async (request) => {
    const header = request.headers[HEADERS.authorization];
    const token = typeof header === 'string' && header !== '' ? header : null;
    const session = token ? await http.verifyToken(token, request.merchantCode) : null;
    if (!session && required) {
      const replaced = token !== null && (await http.wasReplaced(token, request.merchantCode));
      throw new AppError(replaced ? 'login.session.replaced' : 'login.not.session');
    }
    request.session = session;
  };
}

/**
 * The one place a back-office call's permission is enforced: a live staff session (a member's token never is one)
 * whose role holds the permission the contract names; `session` asks only for the session.
 */
function staffCheck(http: HttpContext, permission: CallPermission | undefined): onRequestAsyncHookHandler {
  if (permission === undefined || permission === 'public') throw new Error('a staff call must name its permission');
  return async (request) => {
    const header = request.headers[HEADERS.authorization];
    const token = typeof header === 'string' && header !== '' ? header : null;
    const staff = token ? await http.verifyStaffToken(token) : null;
    if (!staff) throw new AppError('staff.not.session');
    if (permission !== 'session' && !staff.permissions.includes(permission)) throw new AppError('staff.permission.denied');
    request.staff = staff;
  };
}
