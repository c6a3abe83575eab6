// Lighthouse mobile runs of the home page against the bare React shell (bench/web-shell: router + query cache +
// i18n, one screen of text, built by the same Vite and served with the same compression), in one run on the same
// machine, alternating: shell, visitor home, member home, shell, … Lighthouse's default mobile emulation (Moto G
// class device, simulated slow 4G, 4× CPU slowdown). The machine is shared and its load weighs on every side
// alike, so the judged figures are the visitor home page's medians *relative to the shell's* (issue targets: TBT ≤
// shell + 50 ms, score ≥ shell − 2, LCP ≤ shell's, CLS ≤ 0.02, script transferred ≤ 110 KiB). The member's home
// page (a member registered by the bench, its token in session storage) is measured the same way and reported.
//   BENCH_BASE_URL     the built server (scripts/bench.sh starts it; required)
//   BENCH_SERVER_PID   the server's process, kept off the page's CPU (optional)
//   LIGHTHOUSE_RUNS    runs of each page (default 5; fewer for a quick check)
//   LIGHTHOUSE_PAGES   which pages, comma-separated (default shell,home,member)
//   LIGHTHOUSE_ISOLATE 0 to let the page's renderer share every CPU with the rest (default: isolated, see below)
//   CHROME_PATH        the browser (default /usr/bin/chromium)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { registerMembers } from './lib/accounts.js';
import { type MainThreadTime, mainThreadTime } from './lib/main-thread-time.js';
import { printTable, type Row, resultsDir, writeResult } from './lib/report.js';
import { serveStaticSite } from './lib/static-site.js';

const baseURL = process.env.BENCH_BASE_URL;
if (!baseURL) throw new Error('BENCH_BASE_URL is not set (scripts/bench.sh starts the server and sets it)');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('LIGHTHOUSE_RUNS must be a positive integer');
const PAGE_NAMES = ['shell', 'home', 'member'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const wanted = (process.env.LIGHTHOUSE_PAGES ?? PAGE_NAMES.join(',')).split(',').map((name) => name.trim());
for (const name of wanted)
  if (!PAGE_NAMES.includes(name as PageName)) throw new Error(`LIGHTHOUSE_PAGES: unknown page "${name}"`);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Counted before this process is held on the other CPUs (which narrows what availableParallelism reports).
const cpuCount = availableParallelism();

/**
 * Lighthouse multiplies the duration of every task it observes on the page's main thread by 4, so whatever else
 * runs on the machine is counted as the page's own blocking time: the server answering, Lighthouse itself, and
 * Chromium's browser process and display compositor (software compositing and a screenshot per frame under
 * `--disable-gpu`). On a phone these are not on the page's core, or not there at all. So with two CPUs or more the
 * page's renderer processes get the last CPU to themselves and everything else is held on the others; the page's
 * own work is measured in full. Each renderer is moved to the page's CPU within ~10 ms of starting, long before
 * Lighthouse navigates it. (Chromium's `--renderer-cmd-prefix` would start renderers through `taskset` directly,
 * but then Lighthouse often misses the navigation's start in its trace: NO_NAVSTART. Moving the zygotes instead,
 * whose forks inherit their CPUs, takes the display compositor's process along.)
 */
function isolation(): { pageCpu: number; otherCpus: string } | null {
  const count = cpuCount;
  if (process.env.LIGHTHOUSE_ISOLATE === '0' || count < 2) return null;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { pageCpu: count - 1, otherCpus: count === 2 ? '0' : `0-${count - 2}` };
}
const isolated = isolation();
const pin = (cpus: string | number, pid: string | number) =>
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(cpus), String(pid)], { stdio: 'ignore' });
if (isolated) {
  pin(isolated.otherCpus, process.pid);
  if (process.env.BENCH_SERVER_PID) pin(isolated.otherCpus, process.env.BENCH_SERVER_PID);
}

/** The parent of a process, from /proc (null once it has ended). */
function parentOf(pid: string): string | null {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: the parent is the second field after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? null;
  } catch {
    return null;
  }
}

/** Whether `ancestor` started `pid`, directly or through its children (a renderer is the browser's zygote's fork). */
function descendsFrom(pid: string, ancestor: string): boolean {
  let current: string | null = pid;
  for (let depth = 0; current && current !== '1' && depth < 8; depth++) {
    current = parentOf(current);
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * Moves the renderers of this run's browser to the page's CPU while the run lasts (see isolation()); other
 * browsers on the machine (other test runs) are left where they are. A renderer is forked from a zygote and
 * renamed, so a process that is neither is never looked at again.
 */
function keepRenderersOn(cpu: number, browserPid: number): () => void {
  const settled = new Set<string>();
  const browser = String(browserPid);
  const timer = setInterval(() => {
    for (const pid of readdirSync('/proc')) {
      if (settled.has(pid) || !/^\d+$/.test(pid)) continue;
      let commandLine: string;
      try {
        commandLine = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      } catch {
        continue;
      }
      if (commandLine.includes('--type=renderer')) {
        try {
          if (descendsFrom(pid, browser)) pin(cpu, pid);
        } catch {
          // The process ended.
        }
        settled.add(pid);
      } else if (!commandLine.includes('--type=zygote')) {
        settled.add(pid);
      }
    }
  }, 10);
  return () => clearInterval(timer);
}

/**
 * How long this machine takes to hand a process a page of fresh memory. Browsers touch a lot of it while loading a
 * page (a new renderer, V8's heap growing), and this time is part of the task durations Lighthouse multiplies:
 * on virtual machines whose host backs memory lazily it is many times what it is on ordinary hardware.
 */
function firstTouchMicrosecondsPerPage(): number {
  const size = 128 * 2 ** 20;
  const page = 4096;
  const start = process.hrtime.bigint();
  const memory = Buffer.allocUnsafeSlow(size);
  for (let offset = 0; offset < size; offset += page) memory[offset] = 1;
  return Math.round((Number(process.hrtime.bigint() - start) / 1e3 / (size / page)) * 100) / 100;
}

interface Metric {
  key: 'performance' | 'lcpMs' | 'tbtMs' | 'cls' | 'scriptKiB';
  label: string;
  unit: string;
}
const METRICS: Metric[] = [
  { key: 'performance', label: 'performance score', unit: '' },
  { key: 'tbtMs', label: 'total blocking time', unit: 'ms' },
  { key: 'lcpMs', label: 'largest contentful paint', unit: 'ms' },
  { key: 'cls', label: 'cumulative layout shift', unit: '' },
  { key: 'scriptKiB', label: 'script transferred', unit: 'KiB' },
];
type Figures = Record<Metric['key'], number> & { fcpMs: number; speedIndexMs: number; scriptRequests: number };

/** The issue's targets for the visitor's home page, each against the shell's median in the same run. */
const TARGETS: { key: Metric['key']; text: string; met: (home: number, shell: number) => boolean }[] = [
  { key: 'tbtMs', text: '≤ shell + 50 ms', met: (home, shell) => home <= shell + 50 },
  { key: 'performance', text: '≥ shell − 2', met: (home, shell) => home >= shell - 2 },
  { key: 'lcpMs', text: "≤ shell's", met: (home, shell) => home <= shell },
  { key: 'cls', text: '≤ 0.02', met: (home) => home <= 0.02 },
  { key: 'scriptKiB', text: '≤ 110 KiB', met: (home) => home <= 110 },
];

interface LighthouseReport {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      numericValue?: number;
      displayValue?: string;
      details?: { type?: string; overallSavingsMs?: number; items?: unknown[] };
    }
  >;
}

interface Run {
  report: LighthouseReport;
  mainThread: MainThreadTime | null;
  load: number;
}

/** Lighthouse asks to be run again after a failed trace (NO_NAVSTART, NO_FCP on a busy machine): up to three tries. */
async function runWithRetry(url: string, token: string | null, tries = 3): Promise<Run> {
  try {
    return await runOnce(url, token);
  } catch (error) {
    if (tries <= 1) throw error;
    process.stdout.write(`failed (${error instanceof Error ? error.message.split('\n')[0] : error}); again… `);
    return runWithRetry(url, token, tries - 1);
  }
}

/**
 * One Lighthouse run in a fresh browser, as the CLI makes it. A member's token is put into session storage before
 * any of the page's scripts run (where the site keeps it after a login), after Lighthouse has cleared the origin.
 */
async function runOnce(url: string, token: string | null): Promise<Run> {
  const load = loadavg()[0] ?? 0;
  const profile = mkdtempSync(join(tmpdir(), 'tessera-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    userDataDir: profile,
  });
  const stopMoving = isolated ? keepRenderersOn(isolated.pageCpu, chrome.pid) : () => {};
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    // The browser's own first tab, in the foreground (a tab opened beside it may never paint: NO_FCP).
    const [page = await browser.newPage()] = await browser.pages();
    if (token)
      await page.evaluateOnNewDocument(
        `if (location.protocol.startsWith('http')) sessionStorage.setItem('token', ${JSON.stringify(token)});`,
      );
    const result = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' },
      undefined,
      page,
    );
    if (!result) throw new Error('lighthouse returned no result');
    const report = result.lhr as unknown as LighthouseReport;
    if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
    return { report, mainThread: mainThreadTime(result.artifacts.Trace as never), load };
  } finally {
    stopMoving();
    await browser.disconnect();
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

function figuresOf(report: LighthouseReport): Figures {
  const audit = (id: string) => {
    const value = report.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`lighthouse report has no ${id}`);
    return value;
  };
  const scripts = ((report.audits['network-requests']?.details?.items ?? []) as NetworkRequest[]).filter(
    (request) => request.resourceType === 'Script',
  );
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    scriptKiB: Math.round(scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 102.4) / 10,
    scriptRequests: scripts.length,
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const shown = (unit: string, value: number) => `${value}${unit ? ` ${unit}` : ''}`;

/** Opportunities and diagnostics that failed in a run: where to look when a target is missed. */
function findings(report: LighthouseReport) {
  return Object.entries(report.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && audit.details?.type !== 'debugdata')
    .map(([id, audit]) => ({
      id,
      title: audit.title,
      displayValue: audit.displayValue ?? null,
      savingsMs: audit.details?.overallSavingsMs ?? null,
    }));
}

interface LcpElementDetails {
  items?: { node?: { snippet?: string; selector?: string } }[];
}
interface LcpPhaseDetails {
  items?: { phase?: string; timing?: number }[];
}

/** What the largest paint was and where its time went (TTFB, load delay, load time, render delay). */
function largestPaintOf(report: LighthouseReport): { element: string; phases: string } | null {
  const [element, phases] = (report.audits['largest-contentful-paint-element']?.details?.items ?? []) as [
    LcpElementDetails?,
    LcpPhaseDetails?,
  ];
  const node = element?.items?.[0]?.node;
  if (!node) return null;
  return {
    element: node.snippet ?? node.selector ?? 'unknown',
    phases: (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(', '),
  };
}

/** Builds the bare shell with the same Vite into a directory of its own and serves it. */
async function startShell() {
  const out = mkdtempSync(join(tmpdir(), 'tessera-shell-'));
  const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
  const config = fileURLToPath(new URL('./web-shell/vite.config.ts', import.meta.url));
  execFileSync(process.execPath, [vite, 'build', '--config', config], {
    env: { ...process.env, BENCH_SHELL_OUT: out, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const site = await serveStaticSite(out);
  return {
    url: site.url,
    close: async () => {
      await site.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

const pages: { name: PageName; label: string; url: string; token: string | null }[] = [];
const shell = wanted.includes('shell') ? await startShell() : null;
if (shell) pages.push({ name: 'shell', label: 'bare React shell', url: shell.url, token: null });
const homeUrl = new URL('/index', baseURL).href;
if (wanted.includes('home')) pages.push({ name: 'home', label: 'home, visitor', url: homeUrl, token: null });
if (wanted.includes('member')) {
  const [member] = await registerMembers(baseURL, 1);
  if (!member) throw new Error('no member registered');
  pages.push({ name: 'member', label: 'home, member', url: homeUrl, token: member.token });
}

// Warm the servers (first requests JIT-compile routes and fill the settings cache) so run 1 measures the page.
for (const page of pages) await fetch(page.url);
await fetch(new URL('/wps/system/status', baseURL));

console.log(
  `lighthouse: ${runs} mobile run(s) of each of ${pages.map((p) => p.label).join(', ')}, alternating, in ${chromePath}`,
);
// Lighthouse multiplies the time it observes by 4: other processes' load inflates TBT and LCP with it.
console.log(`  load average before: ${loadavg()[0]?.toFixed(2)} on ${cpuCount} CPUs (CPU figures are inflated above ~1 per CPU)`);
console.log(
  isolated
    ? `  each page's renderer on CPU ${isolated.pageCpu}; the browser's other processes, Lighthouse and the servers on CPU ${isolated.otherCpus}`
    : '  not isolated: the page shares every CPU with the browser, Lighthouse and the server',
);
const firstTouch = firstTouchMicrosecondsPerPage();
console.log(`  fresh memory: ${firstTouch} µs per 4 KiB page (well under 1 µs on ordinary hardware; more inflates every task)`);

const results = new Map<PageName, (Run & { figures: Figures })[]>(pages.map((page) => [page.name, []]));
try {
  for (let i = 1; i <= runs; i++) {
    for (const page of pages) {
      process.stdout.write(`  run ${i}, ${page.label.padEnd(16)} `);
      const run = await runWithRetry(page.url, page.token);
      const figures = figuresOf(run.report);
      results.get(page.name)?.push({ ...run, figures });
      console.log(
        `${METRICS.map((m) => `${m.key} ${shown(m.unit, figures[m.key])}`).join(', ')} (${figures.scriptRequests} scripts), ` +
          `own-CPU blocking ${run.mainThread?.blockingFromCpuMs ?? '?'} ms, load ${run.load.toFixed(2)}`,
      );
      // Every run's report is kept: a median hides which runs were slow, and the slow ones say why.
      writeResult(`lighthouse-report-${page.name}-${i}`, run.report, { quiet: true });
      const paint = largestPaintOf(run.report);
      if (paint) console.log(`      largest paint ${paint.phases}`);
    }
  }
} finally {
  await shell?.close();
}

const FIGURE_KEYS = ['performance', 'lcpMs', 'tbtMs', 'cls', 'scriptKiB', 'scriptRequests', 'fcpMs', 'speedIndexMs'] as const;
const medians = new Map(
  pages.map((page) => {
    const figures = (results.get(page.name) ?? []).map((r) => r.figures);
    return [page.name, Object.fromEntries(FIGURE_KEYS.map((key) => [key, median(figures.map((f) => f[key]))])) as Figures];
  }),
);
const loads = pages.flatMap((page) => (results.get(page.name) ?? []).map((r) => r.load));

const ratio = (value: number, base: number) => (base === 0 ? '—' : `${(value / base).toFixed(2)}×`);
const difference = (value: number, base: number, unit: string) =>
  `${value - base >= 0 ? '+' : '−'}${shown(unit, Math.round(Math.abs(value - base) * 1000) / 1000)}`;
const shellMedian = medians.get('shell');
printTable(
  `Lighthouse mobile, medians of ${runs} alternating runs (load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
  METRICS.map((metric): Row => {
    const row: Row = { metric: metric.label };
    for (const page of pages) {
      const value = medians.get(page.name)?.[metric.key] ?? 0;
      row[page.label] = shown(metric.unit, value);
      if (page.name !== 'shell' && shellMedian)
        row[`${page.name} vs shell`] =
          `${difference(value, shellMedian[metric.key], metric.unit)} (${ratio(value, shellMedian[metric.key])})`;
    }
    return row;
  }),
);
for (const page of pages) {
  const m = medians.get(page.name);
  if (m)
    console.log(
      `  ${page.label}: first contentful paint ${m.fcpMs} ms, speed index ${m.speedIndexMs} ms, ${m.scriptRequests} script requests; ` +
        `TBT by run ${(results.get(page.name) ?? []).map((r) => r.figures.tbtMs).join('/')} ms`,
    );
}

const homeMedian = medians.get('home');
const verdicts =
  homeMedian && shellMedian
    ? TARGETS.map((target) => ({
        metric: target.key,
        home: homeMedian[target.key],
        shell: shellMedian[target.key],
        target: target.text,
        pass: target.met(homeMedian[target.key], shellMedian[target.key]),
      }))
    : [];
if (verdicts.length > 0)
  printTable(
    "The visitor's home page against the shell (the issue's targets)",
    verdicts.map(
      (v): Row => ({ metric: v.metric, home: v.home, shell: v.shell, target: v.target, result: v.pass ? 'pass' : 'MISSED' }),
    ),
  );

// The visitor home page's run whose score is the median one: its findings explain the figures above.
const homeRuns = results.get('home') ?? [];
const representative = [...homeRuns].sort((a, b) => a.figures.performance - b.figures.performance)[
  Math.floor(homeRuns.length / 2)
];
const notable = representative ? findings(representative.report) : [];
if (notable.length > 0)
  printTable(
    'Audits below 0.9 in the visitor home page’s median run',
    notable.map((f): Row => ({ audit: f.id, value: f.displayValue, 'savings ms': f.savingsMs })),
  );
const lcp = representative ? largestPaintOf(representative.report) : null;
if (lcp) console.log(`  largest paint of that run: ${lcp.element} (${lcp.phases})`);
const warnings = [...new Set([...results.values()].flatMap((r) => r.flatMap((run) => run.report.runWarnings)))];
for (const warning of warnings) console.log(`  warning: ${warning}`);

const pass = verdicts.every((v) => v.pass);
if (verdicts.length > 0) console.log(`\nlighthouse: ${pass ? 'the home page is within the targets' : 'TARGETS MISSED'}`);
writeResult('lighthouse', {
  lighthouseVersion: representative?.report.lighthouseVersion ?? null,
  chromePath,
  formFactor: 'mobile',
  isolation: isolated ? { pageCpu: isolated.pageCpu, otherCpus: isolated.otherCpus } : null,
  firstTouchMicrosecondsPerPage: firstTouch,
  pages: pages.map((page) => ({
    name: page.name,
    url: page.url,
    median: medians.get(page.name),
    runs: (results.get(page.name) ?? []).map((r) => ({ ...r.figures, load: r.load, mainThread: r.mainThread })),
  })),
  targets: verdicts,
  withinTargets: pass,
  medianRunFindings: notable,
  medianRunLargestPaint: lcp,
  warnings,
  fullReportOfMedianRun: `${resultsDir}lighthouse-report.json`,
  fullReportOfEachRun: `${resultsDir}lighthouse-report-<page>-<run>.json`,
});
if (representative) writeResult('lighthouse-report', representative.report);
if (!pass) process.exitCode = 1;
