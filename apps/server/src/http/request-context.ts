import { HEADERS } from '@tessera/contract/headers';
import type { Settings } from '@tessera/contract/settings';
import type { Permission } from '@tessera/contract/staff-permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/app-error.js';

/** A live session, as the token check finds it. */
export interface SessionPrincipal {
  memberId: bigint;
  merchantCode: string;
  /** Identifies this session for logout; never the token itself. */
  tokenHash: Buffer;
}

/** A live back-office session, as the staff check finds it. */
export interface StaffSessionPrincipal {
  staffId: bigint;
  name: string;
  role: string;
  permissions: Permission[];
  sessionId: bigint;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant of this request: the `Merchant` header, or the configured default. */
    merchantCode: string;
    /** The merchant's site settings, loaded by the gate (cached for a second). */
    siteSettings: Settings;
    /** Set by the token check: always on `auth: 'token'` calls, when a live token came on `auth: 'optional'` ones. */
    session: SessionPrincipal | null;
    /** Set by the staff check on every `auth: 'staff'` call. */
    staff: StaffSessionPrincipal | null;
  }
}

/** The session of a token call; a handler reached without one refuses like the token check does. */
export function sessionOf(request: FastifyRequest): SessionPrincipal {
  if (!request.session) throw new AppError('login.not.session');
  return request.session;
}

/** The staff member of a back-office call (`auth: 'staff'`). */
export function staffOf(request: FastifyRequest): StaffSessionPrincipal {
  if (!request.staff) throw new AppError('staff.not.session');
  return request.staff;
}

/** The member of this request (token calls). */
export const memberOf = (request: FastifyRequest): bigint => sessionOf(request).memberId;

/** The member of this request when a live token came with it, else null (`auth: 'optional'` calls). */
export const optionalMemberOf = (request: FastifyRequest): bigint | null => request.session?.memberId ?? null;

const PRIMARY_LANGUAGE = /^[a-z]{2,3}$/;

/**
 * The language the caller asks for: the call's `language` parameter when it sends one, else the `Language`
 * header, reduced to its primary subtag (en-US → en); null when absent or unreadable.
 */
export function requestedLanguage(request: FastifyRequest, parameter?: string): string | null {
  const header = request.headers[HEADERS.language];
  const raw = parameter ?? (Array.isArray(header) ? header[0] : header);
  const primary = raw?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && PRIMARY_LANGUAGE.test(primary) ? primary : null;
}

/** The language of the answer: the requested one when the merchant supports it, else the merchant's default. */
export function answerLanguage(request: FastifyRequest, parameter?: string): string {
  const { defaultLang, supportLanguages } = request.siteSettings.product;
  const requested = requestedLanguage(request, parameter);
  return requested && supportLanguages.includes(requested) ? requested : defaultLang;
}
