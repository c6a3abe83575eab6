import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SessionPrincipal } from './request-context.js';

/** What every route module gets from the app besides its own services: the checks `registerCall` runs. */
export interface HttpContext {
  /** Refuses the call while the merchant is in maintenance or the caller's region is restricted. */
  gate: preHandlerAsyncHookHandler;
  /** A bare token's live session of this merchant, or null (the sessions module's check, handed in). */
  verifyToken: (token: string, merchantCode: string) => Promise<SessionPrincipal | null>;
}
