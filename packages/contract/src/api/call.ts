import type { TSchema } from 'typebox';
import type { CallPermission } from '../staff-permissions.js';

/**
 * Where a call lives and who may make it: plain data in `routes/<area>.ts`, which the browser imports without the
 * schema library. `id` is the call's name in the OpenAPI document and the key its types are looked up by.
 */
export interface CallRoute {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /**
   * 'none': token-free (spec §6 list and the browse reads); 'token': needs a session token; 'optional': token-free,
   * but a live token sent with it identifies the member; 'staff': a back-office call, which needs a staff session
   * (never a member's token) holding `permission`.
   */
  auth: 'none' | 'token' | 'optional' | 'staff';
  /** Back-office calls (`/bo/api/…`) only: the permission the caller's role must hold, checked in one place. */
  permission?: CallPermission;
  /** Encrypted entry (DESIGN §2): the body travels sealed by `crypto/sealed-request` and `body` is the opened payload. */
  encrypted?: boolean;
}

/** What the server adds to a route: the schemas of the input and of `value` in the envelope, and the docs. */
export interface CallSchemas<
  V extends TSchema = TSchema,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
> {
  summary: string;
  tags: string[];
  querystring?: Q;
  body?: B;
  value: V;
  /** Answered even while the site is in maintenance or the caller's region is restricted. */
  bypassesGate?: boolean;
}

/**
 * One API call. The server registers routes from these, and the OpenAPI document and docs/api.md are generated
 * from them; the web client takes the route and looks its types up by id (`call-types.ts`).
 */
export interface CallDef<
  V extends TSchema = TSchema,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
> extends CallRoute,
    CallSchemas<V, Q, B> {}

export const defineCall = <
  R extends CallRoute,
  V extends TSchema,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
>(
  route: R,
  schemas: CallSchemas<V, Q, B>,
): R & CallDef<V, Q, B> => ({ ...route, ...schemas });
