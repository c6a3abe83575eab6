import type { CallRoute } from '@tessera/contract/api/call';
import type { AnswerOf, BodyOf, QueryOf } from '@tessera/contract/api/call-types';
import type { EnvelopeOf, ErrorValue } from '@tessera/contract/envelope';
import { ERRORS, type ErrorCode } from '@tessera/contract/errors';
import { HEADERS } from '@tessera/contract/headers';
import type { ParseKeys } from 'i18next';
import { currentLanguage } from '../i18n/language-state';
import { useSession } from './session';

/** Client-side failures that never reach the server; their message keys live beside the catalogue's. */
export const CLIENT_ERRORS = {
  'client.network': 'errors.network',
  'client.timeout': 'errors.timeout',
  'client.bad.response': 'errors.system_error',
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERRORS;

const REQUEST_TIMEOUT_MS = 30_000;
/** The token is no longer live: no session, or one a newer login elsewhere ended. */
const SESSION_LOST: readonly string[] = ['login.not.session', 'login.session.replaced'] satisfies ErrorCode[];

/** Whether a failure means the player's session is gone (so a retry or a logout cannot help). */
export const isSessionLost = (error: unknown): boolean => error instanceof ApiError && SESSION_LOST.includes(error.code);

/** A failed call: `messageKey` is a translation key, `fields` the server's per-field validation errors. */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly status: number;
  readonly messageKey: string;
  readonly fields: NonNullable<ErrorValue>['fields'];

  constructor(init: { code: string; status: number; messageKey: string; fields?: NonNullable<ErrorValue>['fields'] }) {
    super(`${init.code} (${init.status})`);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.messageKey = init.messageKey;
    this.fields = init.fields ?? [];
  }

  get isNetwork(): boolean {
    return this.code === 'client.network' || this.code === 'client.timeout';
  }
}

/** The server's `message` is a key; trust it when it is one we know the shape of, else use the catalogue. */
function messageKeyFor(code: string, message: unknown): string {
  if (typeof message === 'string' && /^(errors|validation)\.[a-z0-9_.]+$/.test(message)) return message;
  return (ERRORS as Record<string, { messageKey: string }>)[code]?.messageKey ?? ERRORS['system.error'].messageKey;
}

/** Told the message key of why the session was lost (not logged in, or signed in elsewhere). */
type SessionLostListener = (messageKey: string) => void;
const sessionLostListeners = new Set<SessionLostListener>();

/**
 * Hook point for HTTP 401 `login.not.session` or `login.session.replaced` (a login elsewhere ended it): the token is
 * dropped first, then listeners run (the login feature opens its popup from here).
 */
export function onSessionLost(listener: SessionLostListener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

type QueryValues = Record<string, string | number | boolean | undefined>;

/** What the client needs of a route: where it lives. */
type Target = Pick<CallRoute, 'method' | 'path'>;

interface SendOptions {
  query?: QueryValues;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** An input field: absent when the call takes none, optional when every part of it is, required otherwise. */
type Input<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: never }
  : Partial<T> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type RequestOptions<R extends CallRoute> = Input<'query', QueryOf<R>> &
  Input<'body', BodyOf<R>> & { signal?: AbortSignal; headers?: Record<string, string> };

/** The options argument, which may be left out when nothing in it is required. */
type OptionsArg<R extends CallRoute> =
  Partial<RequestOptions<R>> extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];

/** A route whose body travels in the clear; encrypted entries go through `sealedCall`. */
type PlainRoute = CallRoute & { encrypted?: never };

function buildUrl(path: string, query: QueryValues | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function requestHeaders(extra: Record<string, string> | undefined, hasBody: boolean): Headers {
  const { merchant, token } = useSession.getState();
  const headers = new Headers(extra);
  headers.set('accept', 'application/json');
  if (hasBody) headers.set('content-type', 'application/json');
  // Exactly one Merchant header, and none before the product config named it (the server has a default).
  if (merchant) headers.set(HEADERS.merchant, merchant);
  headers.set(HEADERS.device, 'web');
  // A query whose answer depends on the language names it itself (its key and its header then agree).
  if (!headers.has(HEADERS.language)) headers.set(HEADERS.language, currentLanguage());
  if (token) headers.set(HEADERS.authorization, token);
  return headers;
}

/**
 * Calls the API and returns the envelope's `value`, typed by the route's call definition; throws ApiError for
 * every kind of failure.
 */
export function apiRequest<R extends PlainRoute>(route: R, ...[options]: OptionsArg<R>): Promise<AnswerOf<R>> {
  return sendRequest(route, options as SendOptions | undefined) as Promise<AnswerOf<R>>;
}

/** The request itself, for an input the caller has already shaped (a sealed body). */
export async function sendRequest(call: Target, options: SendOptions = {}): Promise<unknown> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(call.path, options.query), {
      method: call.method,
      headers: requestHeaders(options.headers, options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const code: ClientErrorCode = timeout.aborted ? 'client.timeout' : 'client.network';
    throw new ApiError({ code, status: 0, messageKey: CLIENT_ERRORS[code] });
  }

  let envelope: EnvelopeOf<unknown>;
  try {
    envelope = (await response.json()) as EnvelopeOf<unknown>;
  } catch {
    // A proxy's HTML error page or an empty body: a 5xx/gateway failure is a network problem to the player.
    const code: ClientErrorCode = response.status >= 500 ? 'client.network' : 'client.bad.response';
    throw new ApiError({ code, status: response.status, messageKey: CLIENT_ERRORS[code] });
  }

  return settle(response.status, envelope);
}

/** The envelope's value, or the ApiError it stands for (shared by JSON calls and uploads). */
function settle(status: number, envelope: EnvelopeOf<unknown> | undefined): unknown {
  if (status >= 200 && status < 300 && envelope?.success === true) return envelope.value;

  const code = typeof envelope?.code === 'string' && envelope.code ? envelope.code : 'system.error';
  const value = envelope?.value as ErrorValue | undefined;
  const error = new ApiError({
    code,
    status,
    messageKey: messageKeyFor(code, envelope?.message),
    fields: value && 'fields' in value ? value.fields : [],
  });
  if (status === 401 && SESSION_LOST.includes(code)) {
    useSession.getState().sessionEnded();
    for (const listener of sessionLostListeners) listener(error.messageKey);
  }
  throw error;
}

/**
 * Sends a multipart form (e.g. feedback with images) and reports upload progress (0..1), which fetch cannot;
 * same headers, envelope and errors as `apiRequest`. The form is the body; the route's query, if any, goes in the URL.
 */
export function apiUpload<R extends PlainRoute>(
  route: R,
  form: FormData,
  {
    query,
    onProgress,
    signal,
    headers,
  }: {
    query?: QueryOf<R>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  } = {},
): Promise<AnswerOf<R>> {
  return new Promise<AnswerOf<R>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, buildUrl(route.path, query as QueryValues | undefined));
    // The browser sets the multipart content type with its boundary.
    requestHeaders(headers, false).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.timeout = 2 * REQUEST_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const fail = (code: ClientErrorCode) => reject(new ApiError({ code, status: 0, messageKey: CLIENT_ERRORS[code] }));
    xhr.onerror = () => fail('client.network');
    xhr.ontimeout = () => fail('client.timeout');
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      let envelope: EnvelopeOf<unknown> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as EnvelopeOf<unknown>;
      } catch {
        fail(xhr.status >= 500 ? 'client.network' : 'client.bad.response');
        return;
      }
      try {
        onProgress?.(1);
        resolve(settle(xhr.status, envelope) as AnswerOf<R>);
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
}

/**
 * The bytes a call answers (a picture served to the caller only, which an `<img>` could not fetch with the token),
 * sent with the same headers as every call.
 */
export async function apiBlob(
  route: Target,
  { query, headers, signal }: { query?: QueryValues; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<Blob> {
  const fail = (code: ClientErrorCode, status: number) => new ApiError({ code, status, messageKey: CLIENT_ERRORS[code] });
  let response: Response;
  try {
    response = await fetch(buildUrl(route.path, query), {
      method: route.method,
      headers: requestHeaders(headers, false),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw fail('client.network', 0);
  }
  if (!response.ok) throw fail(response.status >= 500 ? 'client.network' : 'client.bad.response', response.status);
  return response.blob();
}

/** The translation key to show for any error a query or mutation produced. */
export function errorMessageKey(error: unknown): ParseKeys {
  return (error instanceof ApiError ? error.messageKey : 'errors.unknown') as ParseKeys;
}
