import type { Settings } from '@tessera/contract/settings';
import type { SessionPrincipal } from '../modules/sessions/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant of this request: the `Merchant` header, or the configured default. */
    merchantCode: string;
    /** The merchant's site settings, loaded by the gate (cached for a second). */
    siteSettings: Settings;
    /** Set by the token check on token-required calls. */
    session: SessionPrincipal | null;
  }
}
