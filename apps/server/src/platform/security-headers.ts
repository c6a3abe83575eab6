import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from './csp-reports.js';
import { isApiPath } from './envelope.js';

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
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // An answer may carry a session token or a balance: no cache on the way or in the browser keeps it. The answers
    // that chose their own caching (artwork, media) keep theirs.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * Powerful features no page of the site uses, refused for it and every frame it embeds; fullscreen, autoplay and the motion sensors
 * stay with the game frames that may ask for them.
 */
const PERMISSIONS_POLICY = [
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'hid',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');
