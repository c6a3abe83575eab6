import type { onRequestAsyncHookHandler } from 'fastify';
import type { SessionPrincipal, StaffSessionPrincipal } from './request-context.js';

/** A sealed request body as it arrives (DESIGN §2): what the encrypted-entries service needs to open it. */
export interface SealedBody {
  method: string;
  path: string;
  encryptionHeader: string | string[] | undefined;
  body: unknown;
}

/**
 * What every route module gets from the app besides its own services: the checks `registerCall` and
 * `registerEncryptedCall` run, handed in by the composition so that http/ imports no module.
 */
export interface HttpContext {
  /** Refuses the call while the merchant is in maintenance or the caller's region is restricted. */
  gate: onRequestAsyncHookHandler;
  /** A bare token's live session of this merchant, or null. */
  verifyToken: (token: string, merchantCode: string) => Promise<SessionPrincipal | null>;
  /** Whether a token that is no longer live was ended by a newer login of its member (signed in elsewhere). */
  wasReplaced: (token: string, merchantCode: string) => Promise<boolean>;
  /** A bare token's live back-office session, or null (a member's token is never one). */
  verifyStaffToken: (token: string) => Promise<StaffSessionPrincipal | null>;
  /** The opened payload of an encrypted entry; refuses a body that does not open. */
  openSealedBody: (sealed: SealedBody) => Promise<unknown>;
}
