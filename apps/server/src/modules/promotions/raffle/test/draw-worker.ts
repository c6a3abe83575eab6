// Child process of raffle.crash.test.ts: the server's services on a given database, drawing one raffle. With `stall`,
// the winners are written and never answered (nothing committed), and the process says "stalled" so the test can
// SIGKILL it there; with `run` it draws (or finds the raffle drawn) and says "done".
//   node --conditions=source --import tsx draw-worker.ts '<DbTarget json>' stall|run <promotionId>
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { connectDb, type DbTarget } from '../../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import { buildServices } from '../../../../services.js';
import { crashTestConfig } from '../../../../test/crash-worker.js';

const [targetJson, mode, promotionId] = process.argv.slice(2);
if (!targetJson || !mode || !promotionId) throw new Error('usage: draw-worker.ts <target> stall|run <promotionId>');

/** Holds the answer of the winners' insert for good: the closing count and the winners are written, not committed. */
class StallAfterWinners implements KyselyPlugin {
  private readonly inserts = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(args.node, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
    if (args.node.kind === 'InsertQueryNode' && text.includes('"raffle_winners"')) this.inserts.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.inserts.has(args.queryId)) {
      process.stdout.write('stalled\n');
      await new Promise(() => setInterval(() => undefined, 60_000));
    }
    return args.result;
  }
}

const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const kysely = mode === 'stall' ? db.kysely.withPlugin(new StallAfterWinners()) : db.kysely;
const services = buildServices({ config: crashTestConfig({ testClock: true }), db: { ...db, kysely }, log: null });
const drew = await kysely.transaction().execute((trx) => services.raffles.draw(trx, DEMO_MERCHANT, BigInt(promotionId)));
process.stdout.write(`drew ${drew}\n`);
await db.close();
process.stdout.write('done\n');
