import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './envelope.js';

/** Named in the CSP's `report-uri` (security-headers.ts). */
export const CSP_REPORT_PATH = '/csp-report';

/** A report is a few hundred bytes; anything far larger is not one. */
const BODY_LIMIT = 16 * 1024;
/** Log lines a minute per instance: a page that keeps violating, or a client posting in a loop, cannot flood the log. */
export const LOGGED_REPORTS_PER_MINUTE = 60;

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : '');

/** Without the query string: a page's address may carry a token (e.g. a password-reset link). */
const address = (value: unknown) => text(value).split(/[?#]/)[0] ?? '';

function violation(page: unknown, directive: unknown, blocked: unknown, file: unknown, line: unknown): CspViolation {
  return {
    page: address(page),
    directive: text(directive),
    blocked: address(blocked),
    source: file ? `${address(file)}:${Number(line) || 0}` : null,
  };
}

/**
 * The two formats browsers send: `report-uri`'s `{"csp-report": {...}}` (application/csp-report) and the
 * Reporting API's `[{type: "csp-violation", body: {...}}]` (application/reports+json). Null when neither.
 */
export function violationsOf(body: unknown): CspViolation[] | null {
  if (Array.isArray(body)) {
    return body
      .filter(
        (report): report is { body: Record<string, unknown> } =>
          typeof report === 'object' &&
          report !== null &&
          report.type === 'csp-violation' &&
          typeof report.body === 'object' &&
          report.body !== null,
      )
      .map(({ body: r }) => violation(r.documentURL, r.effectiveDirective, r.blockedURL, r.sourceFile, r.lineNumber));
  }
  const report = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['csp-report'] : null;
  if (typeof report !== 'object' || report === null) return null;
  const r = report as Record<string, unknown>;
  return [
    violation(
      r['document-uri'],
      r['effective-directive'] ?? r['violated-directive'],
      r['blocked-uri'],
      r['source-file'],
      r['line-number'],
    ),
  ];
}

/**
 * Where browsers report what the CSP refused: content injected into a page (a script, a style) or an integration
 * the policy does not allow yet (a merchant CDN missing from a directive). Each violation is logged as a warning
 * with the page, the directive and what was blocked; requests are counted by /metrics like any route.
 */
export function cspReportRoutes(app: FastifyInstance, now: () => number = Date.now) {
  let minute = 0;
  let logged = 0;
  let dropped = 0;
  app.register(async (scope) => {
    const parseJson = (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, JSON.parse(body));
      } catch {
        done(Object.assign(new Error('The report is not JSON'), { statusCode: 400 }));
      }
    };
    scope.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string' }, parseJson);
    scope.post(CSP_REPORT_PATH, { bodyLimit: BODY_LIMIT, schema: { hide: true } }, async (request, reply) => {
      const violations = violationsOf(request.body);
      if (violations === null) return reply.code(400).send(errorEnvelope('request.invalid'));
      const thisMinute = Math.floor(now() / 60_000);
      if (thisMinute !== minute) {
        if (dropped > 0) request.log.warn({ dropped }, 'CSP violations not logged in the previous minute');
        minute = thisMinute;
        logged = 0;
        dropped = 0;
      }
      for (const violation of violations) {
        if (logged >= LOGGED_REPORTS_PER_MINUTE) dropped += 1;
        else {
          logged += 1;
          request.log.warn({ cspViolation: violation }, 'CSP violation');
        }
      }
      return reply.code(204).send();
    });
  });
}
