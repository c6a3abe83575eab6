/** Request headers the original platform uses (DESIGN §2); the client sends them on every call. */
export const HEADERS = {
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  authorization: 'authorization',
  encryption: 'encryption',
} as const;

/** API prefixes: under them an unknown path is a 404 envelope; elsewhere the web app is served. */
export const API_PREFIXES = ['/wps', '/lgw', '/lotto', '/bo/api'] as const;
