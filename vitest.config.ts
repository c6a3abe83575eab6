// Vitest for the whole workspace: `npx vitest --project <name>`; scripts/test.sh runs it for CI.
//
// Projects
//   contract  node        packages/*/src/**/*.test.ts           pure, fast
//   house-engine node     packages/house-engine/src/**/*.test.ts  game math, statistical (seconds)
//   server    node        apps/server/src/**/*.test.ts          API/integration: need a database, chosen
//                                                                by TEST_DB=pglite (default) | postgres
//                                                                (+ TEST_DATABASE_URL); files share a worker
//   server-mocks node     the server test files that mock a module  the same, each file in a fresh process
//   web       happy-dom   apps/web/src/**/*.test.{ts,tsx}, apps/back-office/src/**/*.test.tsx (components)
//
// Workspace packages resolve to their TypeScript source through the `source` export condition (the same
// condition tsc uses: tsconfig.base.json customConditions), so no build is needed before testing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, type PluginOption, type UserConfig } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const CI = !!process.env.CI;

// Node-side tests run in Vite's `ssr` environment, DOM tests (happy-dom) in `client`: set both.
const sourceFirst = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
} satisfies UserConfig;

/** @vitejs/plugin-react is a devDependency of apps/web; load it from there when it is installed. */
async function reactPlugin(): Promise<PluginOption[]> {
  const require = createRequire(new URL('./apps/web/package.json', import.meta.url));
  let entry: string;
  try {
    entry = require.resolve('@vitejs/plugin-react');
  } catch {
    return [];
  }
  const mod = (await import(entry)) as { default: () => PluginOption };
  return [mod.default()];
}

/**
 * The web app's own vite.config.ts (React, Tailwind, virtual modules) when it exists, so components are
 * tested as they are built; otherwise only the React plugin.
 */
function webProject(): TestProjectInlineConfiguration {
  const test: NonNullable<TestProjectInlineConfiguration['test']> = {
    name: 'web',
    environment: 'happy-dom',
    include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/back-office/src/**/*.test.tsx'],
    setupFiles: existsSync(`${root}apps/web/src/test/setup.ts`) ? ['apps/web/src/test/setup.ts'] : [],
  };
  if (existsSync(`${root}apps/web/vite.config.ts`)) {
    return { ...sourceFirst, extends: './apps/web/vite.config.ts', root, test };
  }
  return { ...sourceFirst, root, plugins: [reactPlugin()], test };
}

/**
 * Server test files that replace a module (`vi.mock`, `vi.doMock`) or stub the environment: they need a module graph of
 * their own, which the shared `server` workers do not give (a module another file loaded first stays unmocked).
 */
const serverFilesThatMock = readdirSync(`${root}apps/server/src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `apps/server/src/${file}`)
  .filter((file) => /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/.test(readFileSync(`${root}${file}`, 'utf8')));

/**
 * Two groups run in the PostgreSQL pass only (the test run's time: PGlite takes about twice as long for them):
 * - the contract fuzz, which checks what the HTTP layer answers bad input, the same on either database (`npm run fuzz`,
 *   FUZZ_RUNS_PER_CALL set, runs it on whichever database it is given);
 * - the modules' crash tests, which kill an instance mid-transaction and check that a rerun pays once: our transaction
 *   boundaries, the same on either database. The ledger's crash test stays on both, for the embedded database's own
 *   recovery after a kill.
 */
const onPgliteOnlyWhenAsked =
  (process.env.TEST_DB ?? 'pglite') === 'pglite' && !process.env.FUZZ_RUNS_PER_CALL
    ? ['apps/server/src/contract-fuzz.test.ts', 'apps/server/src/modules/!(ledger)/**/*.crash.test.ts']
    : [];

/**
 * The API/integration tests. `isolate: false` runs a worker's files one after another in one process, so the app's
 * module graph, PGlite's compiled WebAssembly and the compiled route schemas are made once per worker instead of once
 * per file (about half of each file's time). Each file still gets its own database and app (test/test-app.ts) and
 * must close them in `afterAll`.
 */
function serverProject(test: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
  setupFiles?: string[];
}): TestProjectInlineConfiguration {
  return {
    ...sourceFirst,
    test: {
      ...test,
      environment: 'node',
      globalSetup: ['apps/server/src/test/global-setup.ts'],
      pool: 'forks',
      // Each file gets its own database (PGlite ~0.7 GiB in memory, or a fresh PostgreSQL database).
      maxWorkers: 2,
      // A different maxWorkers needs its own group: the server groups run after contract and web.
      sequence: { groupOrder: 1 },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env: { TEST_DB: process.env.TEST_DB ?? 'pglite' },
    },
  };
}

const projects: TestProjectInlineConfiguration[] = [
  {
    ...sourceFirst,
    test: {
      name: 'contract',
      environment: 'node',
      // apps/house-games and apps/back-office: the clients' pure logic (bet slips, in-browser verification, audit rows).
      include: ['packages/*/src/**/*.test.ts', 'apps/house-games/src/**/*.test.ts', 'apps/back-office/src/**/*.test.ts'],
      exclude: ['packages/house-engine/**'],
    },
  },
  // House game math: pure but statistical (10^6-draw chi-square, RTP simulations), so its own project.
  {
    ...sourceFirst,
    test: {
      name: 'house-engine',
      environment: 'node',
      include: ['packages/house-engine/src/**/*.test.ts'],
      testTimeout: 30_000,
    },
  },
  serverProject({
    name: 'server',
    include: ['apps/server/src/**/*.test.ts'],
    exclude: [...serverFilesThatMock, ...onPgliteOnlyWhenAsked],
    isolate: false,
    // Not for server-mocks: its files replace modules (argon2 among them) that this setup would load first.
    setupFiles: ['apps/server/src/test/setup.ts'],
  }),
  serverProject({ name: 'server-mocks', include: serverFilesThatMock, isolate: true }),
  webProject(),
];

export default defineConfig({
  test: {
    projects,
    // `.only` may be used while developing, never in CI (and scripts/vitest-strict-reporter.ts fails
    // the run when anything is skipped, which `.only` causes).
    allowOnly: !CI,
    reporters: ['default', './scripts/vitest-strict-reporter.ts'],
  },
});
