import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { CSP_REPORT_PATH } from './csp-reports.js';
import { isApiPath } from './envelope.js';

/**
 * CSP without inline scripts or inline styles (DESIGN §6). Images and game frames may come from the merchant's
 * CDNs, which are runtime settings, so https: is allowed there; scripts, styles and connections stay same-origin.
 * Styles are the build's stylesheets: no page's markup carries a `style` attribute or a `<style>` element, and the
 * styles the apps set at run time go through the CSSOM, which a CSP does not restrict.
 *
 * The headers are the same on every answer, so helmet computes them once here and every answer gets the same set
 * through Fastify's reply: the Fastify plugin ran helmet's middleware again (parsing the policy) on every request,
 * a tenth of a token-checked call's CPU.
 */
export async function installSecurityHeaders(app: FastifyInstance) {
  const headers = SECURITY_HEADERS;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Callback hooks, not async ones: every answer runs them, and an async hook costs a promise and a turn of the
  // microtask queue each.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // An answer may carry a session token or a balance: no cache on the way or in the browser keeps it. The answers
    // that chose their own caching (artwork, media) keep theirs.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/** The headers helmet's middleware sets, recorded from one run of it (it sets the same ones on every response). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The origins of the Google tag (gtag.js) as Google lists them for a content security policy: the script from the
 * tag manager, its measurement calls to the analytics hosts (regional subdomains, hence the wildcards).
 */
export const GTAG_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

function helmetWith(analytics: { gtagId: string } | undefined) {
  const gtag = Boolean(analytics?.gtagId);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(gtag ? GTAG_ORIGINS.script : [])],
        styleSrc: ["'self'"],
        // Browsers report each refusal there (csp-reports.ts): injected content, or an integration the policy misses.
        reportUri: [CSP_REPORT_PATH],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(gtag ? GTAG_ORIGINS.connect : [])],
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

const SECURITY_HEADERS = headersOf(helmetWith(undefined));
const BASE_POLICY = SECURITY_HEADERS['content-security-policy'] as string;
const WITH_GTAG_POLICY = headersOf(helmetWith({ gtagId: 'G-0' }))['content-security-policy'] as string;

/**
 * The CSP of a player page, from its merchant's analytics setting: with a Google tag ID, the tag's origins (the same
 * for every ID) are added to scripts and connections; without one, the policy every answer carries, nothing more.
 */
export const pagePolicy = (analytics: { gtagId: string } | undefined): string =>
  analytics?.gtagId ? WITH_GTAG_POLICY : BASE_POLICY;

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
