import type { TSchema } from 'typebox';

/**
 * One API call: method, path, who may call it, and the schemas of its input and of `value` in the envelope.
 * The server registers routes from these, the OpenAPI document and docs/api.md are generated from them,
 * and the web client takes its paths and types from them.
 */
export interface CallDef<
  V extends TSchema = TSchema,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
> {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /**
   * 'none': token-free (spec §6 list and the browse reads); 'token': needs a session token; 'optional': token-free,
   * but a live token sent with it identifies the member.
   */
  auth: 'none' | 'token' | 'optional';
  summary: string;
  tags: string[];
  querystring?: Q;
  body?: B;
  value: V;
  /** Answered even while the site is in maintenance or the caller's region is restricted. */
  bypassesGate?: boolean;
  /** Encrypted entry (DESIGN §2): the body travels sealed by `crypto/sealed-request` and `body` is the opened payload. */
  encrypted?: boolean;
}

export const defineCall = <
  V extends TSchema,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
>(
  call: CallDef<V, Q, B>,
): CallDef<V, Q, B> => call;
