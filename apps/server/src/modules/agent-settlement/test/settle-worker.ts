// Child process of settlement.crash.test.ts: the server's services on a given database, settling agent contracts once. With `stall`,
// the settlement's ledger batch is written and never answered (nothing committed), and the process says "stalled" so
// the test can SIGKILL it there; with `run` it settles what is due and says "done".
//   node --conditions=source --import tsx settle-worker.ts '<DbTarget json>' stall|run
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

const [targetJson, mode] = process.argv.slice(2);
if (!targetJson || !mode) throw new Error('usage: settle-worker.ts <target> stall|run');

/** Holds the answer of the ledger's batch credit for good: the statements and the credits are written, not committed. */
class StallAfterCredit implements KyselyPlugin {
  private readonly credits = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(args.node, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
    if (text.includes('ledger_credit_batch')) this.credits.add(args.queryId);
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
const kysely = mode === 'stall' ? db.kysely.withPlugin(new StallAfterCredit()) : db.kysely;
const services = buildServices({ config: crashTestConfig({ testClock: true }), db: { ...db, kysely }, log: null });
const { statements } = await services.agentSettlement.settleNow();
process.stdout.write(`settled ${statements}\n`);
await db.close();
process.stdout.write('done\n');
