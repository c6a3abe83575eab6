import { afterEach, describe, expect, it } from 'vitest';
import { appWithLogLines } from '../test/logged-app.js';
import { CSP_REPORT_PATH, cspReportRoutes, LOGGED_REPORTS_PER_MINUTE } from './csp-reports.js';

const reportUriBody = {
  'csp-report': {
    'document-uri': 'https://site.example/resetPassword?token=secret',
    'violated-directive': 'style-src-attr',
    'effective-directive': 'style-src-attr',
    'blocked-uri': 'inline',
    'source-file': 'https://site.example/assets/app.js?v=1',
    'line-number': 12,
  },
};
const reportingApiBody = [
  {
    type: 'csp-violation',
    body: { documentURL: 'https://site.example/index', effectiveDirective: 'img-src', blockedURL: 'https://cdn.example/a.png' },
  },
  { type: 'deprecation', body: { id: 'x' } },
  { type: 'csp-violation', body: null },
];

async function appWithLog(now?: () => number) {
  const { app, lines, messages } = appWithLogLines();
  cspReportRoutes(app, now);
  await app.ready();
  const post = (body: string, contentType = 'application/csp-report') =>
    app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': contentType }, payload: body });
  return {
    app,
    post,
    lines,
    violations: () => messages('CSP violation').map((line) => line.cspViolation),
  };
}

describe('CSP violation reports', () => {
  let close: () => Promise<unknown> = async () => {};
  afterEach(() => close());

  it("logs a report-uri report without the page's query string, and answers 204", async () => {
    const { app, post, violations } = await appWithLog();
    close = () => app.close();
    const response = await post(JSON.stringify(reportUriBody));
    expect(response.statusCode).toBe(204);
    expect(violations()).toEqual([
      {
        page: 'https://site.example/resetPassword',
        directive: 'style-src-attr',
        blocked: 'inline',
        source: 'https://site.example/assets/app.js:12',
      },
    ]);
  });

  it("logs the Reporting API's CSP reports and ignores its other kinds and malformed entries", async () => {
    const { app, post, violations } = await appWithLog();
    close = () => app.close();
    const response = await post(JSON.stringify(reportingApiBody), 'application/reports+json');
    expect(response.statusCode).toBe(204);
    expect(violations()).toEqual([
      { page: 'https://site.example/index', directive: 'img-src', blocked: 'https://cdn.example/a.png', source: null },
    ]);
  });

  it('answers 400 to a body that is not JSON or not a report, and 413 to an oversized one', async () => {
    const { app, post, violations } = await appWithLog();
    close = () => app.close();
    expect((await post('{not json')).statusCode).toBe(400);
    expect((await post(JSON.stringify({ hello: 'world' }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ 'csp-report': { pad: 'x'.repeat(20_000) } }))).statusCode).toBe(413);
    expect(violations()).toEqual([]);
  });

  it(`logs at most ${LOGGED_REPORTS_PER_MINUTE} violations a minute, then how many it left out`, async () => {
    let clock = Date.UTC(2026, 10, 26, 12, 0, 0);
    const { app, post, violations, lines } = await appWithLog(() => clock);
    close = () => app.close();
    for (let i = 0; i < LOGGED_REPORTS_PER_MINUTE + 5; i++) {
      expect((await post(JSON.stringify(reportUriBody))).statusCode).toBe(204);
    }
    expect(violations()).toHaveLength(LOGGED_REPORTS_PER_MINUTE);
    clock += 60_000;
    await post(JSON.stringify(reportUriBody));
    expect(violations()).toHaveLength(LOGGED_REPORTS_PER_MINUTE + 1);
    expect(lines.find((line) => line.msg === 'CSP violations not logged in the previous minute')?.dropped).toBe(5);
  });
});
