import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from './csp-reports.js';

/**
 * CSP without inline scripts or inline styles (DESIGN §6). Images and game frames may come from the merchant's
 * CDNs, which are runtime settings, so https: is allowed there; scripts, styles and connections stay same-origin.
 * Styles are the build's stylesheets: no page's markup carries a `style` attribute or a `<style>` element, and the
 * styles the apps set at run time go through the CSSOM, which a CSP does not restrict.
 */
export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Browsers report each refusal there (csp-reports.ts): injected content, or an integration the policy misses.
        reportUri: [CSP_REPORT_PATH],
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
