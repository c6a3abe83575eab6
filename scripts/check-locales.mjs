#!/usr/bin/env node
// Checks that every locale in locales/languages.json has exactly the keys of the source locale (en.json),
// the same {{placeholders}} in each string, and that en.json covers every message key of the contract's
// error catalogue (packages/contract/src/errors.ts); the same for every locale file of the back office
// (apps/back-office/locales/*.json against its en.json); and that every `t('key', …)` of either app with a key
// written out gives the message the parameters it names. Exit 1 with a list of problems otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFileSync } from '@swc/core';

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

/** Each locale file in `dir` must have exactly the keys of the source, with the same placeholders. */
function compareLocales(dir, source, localeCodes) {
  for (const code of localeCodes) {
    if (code === SOURCE) continue;
    const file = `${dir}${code}.json`;
    let locale;
    try {
      locale = flatten(readJson(file), '', new Map());
    } catch (error) {
      problems.push(`${file}: cannot be read (${error.message})`);
      continue;
    }
    for (const [key, value] of source) {
      if (!locale.has(key)) problems.push(`${file}: missing key "${key}"`);
      else if (typeof locale.get(key) !== 'string' || locale.get(key).trim() === '') problems.push(`${file}: "${key}" is empty`);
      else if (placeholders(locale.get(key)) !== placeholders(value)) {
        problems.push(
          `${file}: "${key}" has placeholders {${placeholders(locale.get(key))}}, ${SOURCE} has {${placeholders(value)}}`,
        );
      }
    }
    for (const key of locale.keys()) if (!source.has(key)) problems.push(`${file}: extra key "${key}"`);
  }
}

compareLocales('locales/', source, codes);

// The back office: its own locale files, every one with the keys of its en.json.
const BACK_OFFICE_LOCALES = 'apps/back-office/locales/';
const backOfficeSource = flatten(readJson(`${BACK_OFFICE_LOCALES}${SOURCE}.json`), '', new Map());
for (const [key, value] of backOfficeSource) {
  if (typeof value !== 'string' || value.trim() === '')
    problems.push(`${BACK_OFFICE_LOCALES}${SOURCE}.json: "${key}" is not a non-empty string`);
}
const backOfficeCodes = readdirSync(join(root, BACK_OFFICE_LOCALES))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));
if (backOfficeCodes.length < 2) problems.push(`${BACK_OFFICE_LOCALES}: expected a locale file besides ${SOURCE}.json`);
compareLocales(BACK_OFFICE_LOCALES, backOfficeSource, backOfficeCodes);

// Every message key the server can answer with must be translatable.
const errorsTs = readFileSync(`${root}packages/contract/src/errors.ts`, 'utf8');
const contractKeys = new Set([
  ...[...errorsTs.matchAll(/messageKey:\s*'([^']+)'/g)].map((m) => m[1]),
  ...[...errorsTs.matchAll(/'(validation\.[\w.]+)'/g)].map((m) => m[1]),
]);
for (const key of contractKeys) if (!source.has(key)) problems.push(`${SOURCE}.json: missing contract message key "${key}"`);

// A message shown without a parameter it names reads "{{min}}" on screen. Where the call writes its key out,
// the parameters it passes are known: an object literal must name each placeholder (a spread may bring any).
// Calls whose key or parameters are computed are left to the run-time check (i18n/missing-parameter.ts).
const APP_SOURCES = [
  { dir: join(root, 'apps/web/src'), messages: source },
  { dir: join(root, 'apps/back-office/src'), messages: backOfficeSource },
];

function* webSources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* webSources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) yield path;
  }
}

const isTranslateCall = (callee) =>
  (callee.type === 'Identifier' && callee.value === 't') ||
  (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.value === 't');

/** The keys a call's first argument can be: a literal, or either side of a conditional of literals. */
function literalKeys(node) {
  if (node.type === 'StringLiteral') return [node.value];
  if (node.type === 'ConditionalExpression') {
    const sides = [literalKeys(node.consequent), literalKeys(node.alternate)];
    return sides.every(Boolean) ? sides.flat() : null;
  }
  if (node.type === 'ParenthesisExpression') return literalKeys(node.expression);
  return null;
}

/** The parameter names an object literal gives, or null when it may give any (a spread, a computed name). */
function givenNames(node) {
  if (!node) return new Set();
  if (node.type !== 'ObjectExpression') return null;
  const names = new Set();
  for (const property of node.properties) {
    if (property.type === 'Identifier') names.add(property.value);
    else if (property.type === 'KeyValueProperty' && ['Identifier', 'StringLiteral'].includes(property.key.type))
      names.add(property.key.value);
    else return null;
  }
  return names;
}

for (const { dir, messages } of APP_SOURCES) {
  for (const file of webSources(dir)) {
    const ast = parseFileSync(file, { syntax: 'typescript', tsx: file.endsWith('.tsx') });
    const walk = (node) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      if (node.type === 'CallExpression' && isTranslateCall(node.callee) && node.arguments[0]) {
        const keys = literalKeys(node.arguments[0].expression);
        const names = givenNames(node.arguments[1]?.expression);
        for (const key of keys && names ? keys : []) {
          const message = messages.get(key);
          if (typeof message !== 'string') continue;
          const missing = placeholders(message)
            .split(',')
            .filter((name) => name !== '' && !names.has(name));
          if (missing.length > 0) problems.push(`${relative(root, file)}: t('${key}') is not given {${missing.join(', ')}}`);
        }
      }
      for (const key in node) if (key !== 'span') walk(node[key]);
    };
    walk(ast.body);
  }
}

if (problems.length > 0) {
  console.error(`check-locales: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `check-locales: ${codes.length} locales agree on ${source.size} keys; the back office's ${backOfficeCodes.length} on ${backOfficeSource.size}`,
);
