#!/usr/bin/env node
// Checks that every locale in locales/languages.json has exactly the keys of the source locale (en.json),
// the same {{placeholders}} in each string, and that en.json covers every message key of the contract's
// error catalogue (packages/contract/src/errors.ts). Exit 1 with a list of problems otherwise.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const SOURCE = 'en';

const readJson = (path) => JSON.parse(readFileSync(`${root}${path}`, 'utf8'));

function flatten(node, prefix, out) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text) =>
  typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

const problems = [];
const manifest = readJson('locales/languages.json');
const codes = manifest.map((entry) => entry.code);
for (const entry of manifest) {
  if (!/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(entry.code) || !entry.name || !['ltr', 'rtl'].includes(entry.dir)) {
    problems.push(`languages.json: bad entry ${JSON.stringify(entry)} (needs code, name, dir ltr|rtl)`);
  }
}
if (!codes.includes(SOURCE)) problems.push(`languages.json: the source locale "${SOURCE}" is missing`);

const source = flatten(readJson(`locales/${SOURCE}.json`), '', new Map());
for (const [key, value] of source) {
  if (typeof value !== 'string' || value.trim() === '') problems.push(`${SOURCE}.json: "${key}" is not a non-empty string`);
}

for (const code of codes) {
  if (code === SOURCE) continue;
  let locale;
  try {
    locale = flatten(readJson(`locales/${code}.json`), '', new Map());
  } catch (error) {
    problems.push(`${code}.json: cannot be read (${error.message})`);
    continue;
  }
  for (const [key, value] of source) {
    if (!locale.has(key)) problems.push(`${code}.json: missing key "${key}"`);
    else if (typeof locale.get(key) !== 'string' || locale.get(key).trim() === '')
      problems.push(`${code}.json: "${key}" is empty`);
    else if (placeholders(locale.get(key)) !== placeholders(value)) {
      problems.push(
        `${code}.json: "${key}" has placeholders {${placeholders(locale.get(key))}}, ${SOURCE} has {${placeholders(value)}}`,
      );
    }
  }
  for (const key of locale.keys()) if (!source.has(key)) problems.push(`${code}.json: extra key "${key}"`);
}

// Every message key the server can answer with must be translatable.
const errorsTs = readFileSync(`${root}packages/contract/src/errors.ts`, 'utf8');
const contractKeys = new Set([
  ...[...errorsTs.matchAll(/messageKey:\s*'([^']+)'/g)].map((m) => m[1]),
  ...[...errorsTs.matchAll(/'(validation\.[\w.]+)'/g)].map((m) => m[1]),
]);
for (const key of contractKeys) if (!source.has(key)) problems.push(`${SOURCE}.json: missing contract message key "${key}"`);

if (problems.length > 0) {
  console.error(`check-locales: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-locales: ${codes.length} locales agree on ${source.size} keys`);
