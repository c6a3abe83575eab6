import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP without inline scripts (DESIGN §6). Images and game frames may come from the merchant's CDNs, which are
 * runtime settings, so https: is allowed there; scripts and connections stay same-origin. Inline styles are
 * allowed: the accessible dialog's scroll lock injects a `<style>` element, and server HTML is sanitised
 * before it is stored and again before it is rendered, so no style comes from a player.
 */
export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
