import type { CallRoute } from '@tessera/contract/api/call';
import type { AnswerOf, BodyOf, QueryOf } from '@tessera/contract/api/call-types';
import type { FieldError } from '@tessera/contract/envelope';
import { staffSession } from './session';

/** A refused call: its catalogue code and the message key the screen translates. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: string,
    readonly status: number,
    /** Each refused field (`body/<name>`) with the reason to show beside it. */
    readonly fields: FieldError[] = [],
  ) {
    super(code);
  }
}

const NETWORK_ERROR = new ApiError('network', 'errors.network', 0);

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One back-office call: the staff token in `Authorization`, the envelope unwrapped. A refused session ends the
 * local one, so the app returns to the login.
 */
export async function apiCall<R extends CallRoute>(
  route: R,
  input: { query?: QueryOf<R>; body?: BodyOf<R>; form?: FormData; signal?: AbortSignal } = {},
): Promise<AnswerOf<R>> {
  const { token } = staffSession.get();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = token;
  // A form (an upload) gets its multipart content type, with its boundary, from the browser.
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${route.path}${queryString(input.query as Record<string, unknown> | undefined)}`, {
      method: route.method,
      headers,
      body: input.form ?? (input.body === undefined ? undefined : JSON.stringify(input.body)),
      signal: input.signal,
    });
  } catch (error) {
    if (input.signal?.aborted) throw error;
    throw NETWORK_ERROR;
  }
  const envelope = (await response.json().catch(() => null)) as {
    success: boolean;
    value: { fields?: FieldError[] } | null;
    message: string;
    code: string;
  } | null;
  if (!envelope) throw new ApiError('system.error', 'errors.system_error', response.status);
  if (!envelope.success) {
    if (envelope.code === 'staff.not.session' && route.auth === 'staff') staffSession.end();
    throw new ApiError(envelope.code, envelope.message, response.status, envelope.value?.fields ?? []);
  }
  return envelope.value as AnswerOf<R>;
}

/** The bytes a staff call answers (a chat picture, served to staff only), fetched with the staff token. */
export async function apiBlob(route: CallRoute, query: Record<string, string>, signal?: AbortSignal): Promise<Blob> {
  const { token } = staffSession.get();
  let response: Response;
  try {
    response = await fetch(`${route.path}${queryString(query)}`, { headers: token ? { authorization: token } : {}, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw NETWORK_ERROR;
  }
  if (!response.ok) throw new ApiError('system.error', 'errors.system_error', response.status);
  return response.blob();
}
