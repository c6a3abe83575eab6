// Child process of ledger.crash.test.ts: applies a plan of keyed transfers (lanes in parallel) and reports
// progress on stdout, so the test can SIGKILL it mid-load and run it again over the same plan.
//   node --conditions=source --import tsx crash-worker.ts '<DbTarget json>' <plan.json>
import { readFileSync } from 'node:fs';
import { connectDb, type DbTarget } from '../../../db/connect.js';
import { Ledger } from '../service.js';
import { type CrashStep, inputOf } from './crash-plan.js';

const [targetJson, planFile] = process.argv.slice(2);
if (!targetJson || !planFile) throw new Error('usage: crash-worker.ts <DbTarget json> <plan.json>');
const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const ledger = new Ledger(db.kysely);
const lanes = JSON.parse(readFileSync(planFile, 'utf8')) as CrashStep[][];

let done = 0;
await Promise.all(
  lanes.map(async (lane) => {
    for (const step of lane) {
      const input = inputOf(step);
      if (step.kind === 'withdrawal') await ledger.post((await ledger.hold(input)).id);
      else await ledger.transfer(input);
      done += 1;
      process.stdout.write(`applied ${done}\n`);
    }
  }),
);
await db.close();
process.stdout.write('done\n');
