// Playwright e2e: real Chromium (Debian's chromium-headless-shell, else its full chromium: scripts/ensure-chromium.sh),
// real built server, real database.
// The server is NOT started here: scripts/test.sh (or scripts/serve-for-e2e.sh by hand) starts
// `node apps/server/dist/main.js` on a free port and passes E2E_BASE_URL (+ E2E_DATA_DIR, E2E_PORT,
// E2E_DATABASE_URL for the operator CLI, see e2e/support/admin.ts).
//
// Projects
//   phone, desktop   every spec, in parallel; must not change server-wide state (the back office, desktop first,
//                    runs on desktop only). A test titled "(BN)" runs on the phone, "(EN)" on the desktop
//                    (e2e/support/layouts.ts says why); a test tagged @desktop runs on the desktop only.
//   exclusive        tests tagged @exclusive (they change server-wide state: maintenance, region rules…);
//                    run one at a time after phone and desktop have finished
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const CI = !!process.env.CI;
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: start the server with scripts/serve-for-e2e.sh (npm test does it)');
}

/** The same choice as scripts/ensure-chromium.sh: the headless shell (half the CPU per test) when it is installed. */
const executablePath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  },
};

const phone = {
  ...chromium,
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
};
const desktop = { ...chromium, viewport: { width: 1366, height: 800 } };

export default defineConfig({
  testDir: './e2e/specs',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    [CI ? 'list' : 'line'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/e2e-report.json' }],
    ['./e2e/reporters/fail-on-skip.ts'],
  ],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    // Recording a trace for every test costs CI about a tenth of the e2e time; failures keep their screenshot,
    // and a local run (or E2E_TRACE=1) records traces.
    trace: CI && !process.env.E2E_TRACE ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Each test's fresh context would install the worker, which precaches the whole build (~130 files, 1.2 MB):
    // a sixth of the e2e CPU. pwa.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    // The home headline scrolls without end, also behind the members centre's dialogs that most specs open over the
    // home page, and every frame is painted in software: about a fifth of the e2e CPU. The site honours reduced motion (it is an accessibility setting players use), so the specs run
    // with it; site/home-headline.spec.ts checks the moving headline with motion allowed.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'phone', use: phone, grepInvert: [/@exclusive/, /@desktop/, /\(en\)/i], testIgnore: /\/back-office\// },
    { name: 'desktop', use: desktop, grepInvert: [/@exclusive/, /\(bn\)/i] },
    {
      name: 'exclusive',
      use: desktop,
      grep: /@exclusive/,
      dependencies: ['phone', 'desktop'],
      workers: 1,
      fullyParallel: false,
    },
  ],
});
