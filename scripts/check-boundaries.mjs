#!/usr/bin/env node
// Keeps the house's layers (docs/architecture.md, "Layers"). Every TypeScript file under apps/ and packages/ is
// parsed with swc; its imports (type-only and dynamic ones included) are resolved to files and judged by the
// rules below, then the import graph is searched for circles between files and between server modules or web
// features. Exit 1 with every problem listed. `--counts` prints the figures per rule instead of judging.
//
// A hand-written walk rather than dependency-cruiser: its swc parser cannot read TSX, and its TypeScript parser
// needs the compiler's JS API, which TypeScript 7 no longer has.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFileSync } from '@swc/core';

const root = fileURLToPath(new URL('../', import.meta.url));
const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results']);

const SERVER = 'apps/server/src/';
/** The browser apps, each with the same floors: the player site and the back office. */
const WEB_APPS = ['apps/web/src/', 'apps/back-office/src/'];
const webAppOf = (path) => WEB_APPS.find((base) => path.startsWith(base)) ?? null;
const isTest = (path) => /\.test\.tsx?$/.test(path) || /\/test\//.test(path);

/**
 * Web features other features may import: data every screen of a kind shares. Each entry says why it is a
 * feature of its own rather than part of `lib/`; keep the list short.
 */
export const SHARED_FEATURES = {
  catalogue: 'the game lists, vendors and categories, and the game card and launch rule every game screen shows them with',
  content: "the operator's announcements and notices, which the home page, promotions, notices and the post-login step list",
  favourites: "the member's favourite and recent games, starred and listed on the game screens",
  promotions:
    "the member's running bonus and the deposit matches on offer, which the deposit, withdrawal and bonus-details screens show",
};

/** Server floors, lowest first: a file may import its own floor or a lower one. */
const serverFloor = (path) => {
  const rest = path.slice(SERVER.length);
  if (rest.startsWith('platform/')) return 0;
  if (rest.startsWith('http/')) return 1;
  if (rest.startsWith('db/') || rest.startsWith('modules/')) return 2;
  return 3; // the composition: services.ts, app.ts, main.ts, admin/, docs/
};
const SERVER_FLOORS = ['platform/', 'http/', 'modules/ or db/', 'the composition (app.ts, services.ts, main.ts, admin/, docs/)'];

const webFloor = (path) => {
  const rest = path.slice(webAppOf(path).length);
  if (/^(ui|lib|i18n)\//.test(rest)) return 0;
  if (rest.startsWith('features/')) return 1;
  return 2; // app/, pwa/, main.tsx
};
const WEB_FLOORS = ['ui/, lib/ or i18n/', 'features/', 'app/'];

const moduleOf = (path, base) => (path.startsWith(base) ? path.slice(base.length).split('/')[0] : null);

/** The rules: each returns a message when the import from → to breaks it. Tests may reach anywhere. */
const RULES = [
  {
    name: 'contract-is-the-floor',
    why: 'packages/ are shared by server and web and import neither.',
    check: (from, to) => from.startsWith('packages/') && to.startsWith('apps/'),
  },
  {
    name: 'server-import-up',
    why: `server floors, lowest first: ${SERVER_FLOORS.join(' < ')}; move the shared part down a floor.`,
    check: (from, to) => from.startsWith(SERVER) && to.startsWith(SERVER) && serverFloor(to) > serverFloor(from),
  },
  {
    name: 'server-module-private-parts',
    why: "a module's repo.ts (its SQL) and routes.ts (its HTTP) are its own: use its service.",
    check: (from, to) => {
      const target = moduleOf(to, `${SERVER}modules/`);
      if (!target || !/\/(repo|routes)\.ts$/.test(to)) return false;
      if (moduleOf(from, `${SERVER}modules/`) === target) return false;
      return !(from === `${SERVER}app.ts` && to.endsWith('/routes.ts'));
    },
  },
  {
    name: 'web-import-up',
    why: `web floors, lowest first: ${WEB_FLOORS.join(' < ')}; move the piece down, or pass it in.`,
    check: (from, to) => webAppOf(from) !== null && webAppOf(from) === webAppOf(to) && webFloor(to) > webFloor(from),
  },
  {
    name: 'web-feature-to-feature',
    why: 'a feature imports no other feature except the shared-data ones in SHARED_FEATURES.',
    check: (from, to) => {
      const app = webAppOf(from);
      if (app === null || webAppOf(to) !== app) return false;
      const source = moduleOf(from, `${app}features/`);
      const target = moduleOf(to, `${app}features/`);
      return source !== null && target !== null && source !== target && !(target in SHARED_FEATURES);
    },
  },
];

function* sourceFiles(dir) {
  for (const name of readdirSync(join(root, dir))) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

function specifiers(path) {
  const ast = parseFileSync(join(root, path), { syntax: 'typescript', tsx: path.endsWith('.tsx') });
  const found = [];
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') && node.source) found.push(node.source.value);
    else if (node.type === 'ExportNamedDeclaration' && node.source) found.push(node.source.value);
    else if (
      node.type === 'CallExpression' &&
      node.callee?.type === 'Import' &&
      node.arguments[0]?.expression?.type === 'StringLiteral'
    )
      found.push(node.arguments[0].expression.value);
    else if (node.type === 'TsImportType' && node.argument?.type === 'StringLiteral') found.push(node.argument.value);
    for (const key in node) if (key !== 'span') walk(node[key]);
  };
  walk(ast.body);
  return found;
}

const WORKSPACE = /^@tessera\/([^/]+)\/(.+)$/;
const workspaceDirs = new Map(SCANNED.flatMap((dir) => readdirSync(join(root, dir)).map((name) => [name, `${dir}/${name}`])));

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else {
    const m = WORKSPACE.exec(specifier);
    if (!m || !workspaceDirs.has(m[1])) return null; // a package from the registry
    base = `${workspaceDirs.get(m[1])}/src/${m[2]}`;
  }
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`, base]) {
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile())
      return relative(root, join(root, candidate));
  }
  return null;
}

const graph = new Map();
for (const dir of SCANNED) {
  for (const file of sourceFiles(dir)) {
    const targets = new Set();
    for (const specifier of specifiers(file)) {
      const target = resolve(file, specifier);
      if (target && /\.tsx?$/.test(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
}

/** Tarjan's strongly connected components with more than one member. */
function circles(edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** The unit a module-level circle is counted in: a server module or a web feature. Tests are left out. */
const unitOf = (path) => {
  const m = /^apps\/(server\/src\/modules|web\/src\/features|back-office\/src\/features)\/([^/]+)\//.exec(path);
  return m ? `${m[1].split('/')[0]}:${m[2]}` : null;
};
const unitEdges = new Map();
for (const [from, targets] of graph) {
  const source = unitOf(from);
  if (!source || isTest(from)) continue;
  for (const to of targets) {
    const target = unitOf(to);
    if (!target || target === source) continue;
    if (!unitEdges.has(source)) unitEdges.set(source, new Set());
    unitEdges.get(source).add(target);
  }
}

const broken = [];
for (const [from, targets] of graph) {
  if (isTest(from)) continue;
  for (const to of targets) for (const rule of RULES) if (rule.check(from, to)) broken.push({ rule: rule.name, from, to });
}
const fileCircles = circles(graph);
const moduleCircles = circles(unitEdges);

if (process.argv.includes('--counts')) {
  const byRule = new Map();
  for (const { rule } of broken) byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  const pairs = new Set(
    broken.filter((b) => b.rule === 'web-feature-to-feature').map((b) => `${unitOf(b.from)}>${unitOf(b.to)}`),
  );
  console.log(`files: ${graph.size}, imports: ${[...graph.values()].reduce((n, s) => n + s.size, 0)}`);
  for (const rule of RULES) console.log(`${rule.name}: ${byRule.get(rule.name) ?? 0}`);
  console.log(`web-feature-to-feature pairs: ${pairs.size}`);
  console.log(`file circles: ${fileCircles.length}${fileCircles.map((c) => `\n  ${c.join(' ')}`).join('')}`);
  console.log(`module circles: ${moduleCircles.length}${moduleCircles.map((c) => `\n  {${c.join(', ')}}`).join('')}`);
  if (process.argv.includes('--list')) for (const b of broken) console.log(`${b.rule}: ${b.from} → ${b.to}`);
  process.exit(0);
}

const problems = [
  ...broken.map((b) => `${b.rule}: ${b.from} → ${b.to}`),
  ...fileCircles.map((c) => `file-circle: ${c.join(' ⇄ ')}`),
  ...moduleCircles.map((c) => `module-circle: ${c.join(' ⇄ ')}`),
];
if (problems.length) {
  console.error(`Layer boundaries (docs/architecture.md, "Layers"): ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error('');
  for (const rule of RULES) if (broken.some((b) => b.rule === rule.name)) console.error(`${rule.name}: ${rule.why}`);
  if (fileCircles.length) console.error('file-circle: files that import each other, type-only imports included.');
  if (moduleCircles.length)
    console.error('module-circle: server modules or web features that import each other, through any files.');
  process.exit(1);
}
console.log(`Layer boundaries: ${graph.size} files, no problem.`);
