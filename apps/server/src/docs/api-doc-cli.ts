import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.js';
import { connectDb } from '../db/connect.js';
import { loadConfig } from '../platform/config.js';
import { renderApiDoc } from './api-doc.js';

/** `npm run docs:api`: writes docs/api.md from the route table (needs no database contents). */
const target = path.resolve(import.meta.dirname, '../../../../docs/api.md');
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent' }),
  db: await connectDb({ kind: 'pglite', dataDir: null }),
});
await app.ready();
fs.writeFileSync(target, renderApiDoc(app.swagger() as never));
await app.close();
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
