#!/usr/bin/env node
// `npm run admin -- <command>`: runs the built operator CLI, building the server first only when a source it is
// built from is newer than the last build. `tsc -b` alone takes seconds even with nothing to do.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(root, 'apps/server/dist/admin/cli.js');
const STAMP = join(root, 'apps/server/dist/.admin-built');
const SOURCES = ['apps/server', 'packages/contract', 'packages/house-engine'];

/** Newest modification time among the sources and build settings `tsc -b apps/server` reads. */
function newestSource() {
  let newest = statSync(join(root, 'tsconfig.base.json')).mtimeMs;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts') || entry.name.endsWith('.json')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const area of SOURCES) {
    newest = Math.max(newest, statSync(join(root, area, 'tsconfig.json')).mtimeMs);
    visit(join(root, area, 'src'));
  }
  return newest;
}

const isCurrent = () => existsSync(CLI) && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestSource();

if (!isCurrent()) {
  const startedAt = new Date();
  const build = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'apps/server')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Stamped with the build's start: a source saved during the build counts as newer next time.
  writeFileSync(STAMP, '');
  utimesSync(STAMP, startedAt, startedAt);
}

const run = spawnSync(process.execPath, [CLI, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
