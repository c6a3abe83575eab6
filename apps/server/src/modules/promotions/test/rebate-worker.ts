// Child process of rebates.crash.test.ts: the server's services on a given database, closing loss-rebate periods in
// batches of three at the clock given. With `stall`, the second batch's ledger credit is written and never answered
// (nothing of that batch committed), and the process says "stalled" so the test can SIGKILL it there; with `run` it
// pays what is due and says "done".
//   node --conditions=source --import tsx rebate-worker.ts '<DbTarget json>' <clock ms> stall|run
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { connectDb, type DbTarget } from '../../../db/connect.js';
import { buildServices } from '../../../services.js';
import { crashTestConfig } from '../../../test/crash-worker.js';
import { rebatesOn } from './rebate-kit.js';

const [targetJson, clockMs, mode] = process.argv.slice(2);
if (!targetJson || !clockMs || !mode) throw new Error('usage: rebate-worker.ts <target> <clock ms> stall|run');

/** Lets the first batch credit through and holds the second's answer for good. */
class StallSecondCredit implements KyselyPlugin {
  private readonly credits = new WeakSet<object>();
  private seen = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(args.node, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
    if (text.includes('ledger_credit_batch')) {
      this.seen += 1;
      if (this.seen === 2) this.credits.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.credits.has(args.queryId)) {
      process.stdout.write('stalled\n');
      // Never answers, and a timer keeps the process alive until the test kills it.
      await new Promise(() => setInterval(() => undefined, 60_000));
    }
    return args.result;
  }
}

const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const kysely = mode === 'stall' ? db.kysely.withPlugin(new StallSecondCredit()) : db.kysely;
const services = buildServices({ config: crashTestConfig({ testClock: true }), db: { ...db, kysely }, log: null });
const paid = await rebatesOn(services, kysely, () => new Date(Number(clockMs))).runNow();
process.stdout.write(`paid ${paid}\n`);
await db.close();
process.stdout.write('done\n');
