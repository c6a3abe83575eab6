import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/**
 * Every compressible file of the build also as `.br` (quality 11) and `.gz` (level 9), for the server to send as
 * they are (apps/server/src/platform/web-app.ts): the best compression costs the server nothing per request.
 * Files under 1 KiB stay as they are, as the server's on-the-fly compression leaves them; source maps and the
 * server's prerender module are not served compressed.
 */
export function precompress(): Plugin {
  const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = '';
  return {
    name: 'tessera-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = walk(outDir).filter(
        (path) =>
          compressible.has(extname(path)) && !relative(outDir, path).startsWith(`ssr${sep}`) && statSync(path).size >= 1024,
      );
      await Promise.all(
        files.map(async (path) => {
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipped(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
