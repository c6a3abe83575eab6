// Web bundle size: the JS and CSS the app loads to boot (what apps/web/dist/index.html references: module scripts,
// modulepreload links, stylesheets, and the boot's chunks of its #boot-chunks list, which the entry requests as soon
// as it boots; the home route's lazy chunks listed there are not counted), gzipped at level 9, against the budget of
// DESIGN §4; the part of it a visitor's home page loads (index.html's own scripts: the page stays the server's HTML
// until a tap needs the app); and every file in dist/assets with its gzip size.
//   WEB_DIST  the built web app (default apps/web/dist)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { printTable, type Row, writeResult } from './lib/report.js';

/** DESIGN §4: the home route's initial JS ≤ 130 KB gzip. */
const BUDGET_INITIAL_JS_KIB = 130;

const dist = process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const gzipBytes = (buf: Buffer) => gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }).length;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

interface Asset {
  file: string;
  kind: 'js' | 'css' | 'other';
  bytes: number;
  gzipBytes: number;
}

function measureFile(path: string): Asset {
  const buf = readFileSync(path);
  const ext = extname(path);
  return {
    file: relative(dist, path),
    kind: ext === '.js' || ext === '.mjs' ? 'js' : ext === '.css' ? 'css' : 'other',
    bytes: buf.length,
    gzipBytes: gzipBytes(buf),
  };
}

/** Local URLs of the initial JS and CSS in index.html, in document order, then the boot's chunks, without duplicates. */
function initialUrls(source: string): string[] {
  const urls: string[] = [];
  for (const tag of source.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    let url: string | undefined;
    if (/^<script/i.test(tag)) url = attr('src');
    else if (/^(modulepreload|stylesheet)$/i.test(attr('rel') ?? '')) url = attr('href');
    if (url && !/^([a-z]+:)?\/\//i.test(url) && !urls.includes(url)) urls.push(url);
  }
  const bootChunks = /<script type="application\/json" id="boot-chunks">([^<]*)<\/script>/.exec(source)?.[1];
  for (const url of bootChunks ? (JSON.parse(bootChunks) as { boot: string[] }).boot : [])
    if (!urls.includes(url)) urls.push(url);
  return urls;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const visitorHomeUrls = initialUrls(html.replace(/<script type="application\/json" id="boot-chunks">[^<]*<\/script>/, ''));
const initial = initialUrls(html).map((url) => measureFile(join(dist, url.replace(/^\//, '').split(/[?#]/)[0] ?? '')));
const initialJs = initial.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.gzipBytes, 0);
const initialCss = initial.filter((a) => a.kind === 'css').reduce((sum, a) => sum + a.gzipBytes, 0);
const withinBudget = kib(initialJs) <= BUDGET_INITIAL_JS_KIB;
const visitorHomeJs = initial
  .filter((a) => a.kind === 'js' && visitorHomeUrls.some((url) => url.replace(/^\//, '') === a.file))
  .reduce((sum, a) => sum + a.gzipBytes, 0);

const assets = walk(join(dist, 'assets'))
  .filter((p) => !p.endsWith('.map'))
  .map(measureFile)
  .sort((a, b) => b.gzipBytes - a.gzipBytes);
const initialFiles = new Set(initial.map((a) => a.file));

const assetRow = (a: Asset): Row => ({
  file: a.file,
  kind: a.kind,
  initial: initialFiles.has(a.file) ? 'yes' : '',
  KiB: kib(a.bytes),
  'gzip KiB': kib(a.gzipBytes),
});

printTable('Initial load of the home route (index.html)', [
  ...initial.map(assetRow),
  { file: 'initial JS total', kind: 'js', initial: '', KiB: null, 'gzip KiB': kib(initialJs) },
  { file: 'initial CSS total', kind: 'css', initial: '', KiB: null, 'gzip KiB': kib(initialCss) },
]);
printTable('Every asset in dist/assets', assets.map(assetRow));
console.log(
  `\ninitial JS ${kib(initialJs)} KiB gzip (budget ${BUDGET_INITIAL_JS_KIB} KiB: ${withinBudget ? 'ok' : 'OVER BUDGET'}), initial CSS ${kib(initialCss)} KiB gzip`,
);
console.log(`a visitor's home page until a tap needs the app: ${kib(visitorHomeJs)} KiB gzip of JS`);

writeResult('web-size', {
  dist: relative(process.cwd(), dist) || '.',
  budget: { initialJsGzipKiB: BUDGET_INITIAL_JS_KIB, withinBudget },
  initialJsGzipKiB: kib(initialJs),
  visitorHomeJsGzipKiB: kib(visitorHomeJs),
  initialCssGzipKiB: kib(initialCss),
  initial,
  assets,
});
if (!withinBudget) process.exitCode = 1;
