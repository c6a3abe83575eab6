// Child process of mission-claim.crash.test.ts: the server's services on a given database, claiming one mission
// reward. With `stall`, the claim's reward is paid and the progress row marked claimed but never answered (nothing
// committed), and the process says "stalled" so the test can SIGKILL it there; with `run` it claims and says
// "claimed" or "refused <code>", then "done".
//   node --conditions=source --import tsx claim-worker.ts '<DbTarget json>' stall|run <memberId> <missionId> <periodStart>
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { connectDb, type DbTarget } from '../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { AppError } from '../../../platform/app-error.js';
import { buildServices } from '../../../services.js';
import { crashTestConfig } from '../../../test/crash-worker.js';

const [targetJson, mode, memberId, missionId, periodStart] = process.argv.slice(2);
if (!targetJson || !mode || !memberId || !missionId || !periodStart)
  throw new Error('usage: claim-worker.ts <target> stall|run <memberId> <missionId> <periodStart>');

/** Holds the answer of the statement marking the reward claimed for good: the reward and the mark are written, not committed. */
class StallAfterMark implements KyselyPlugin {
  private readonly marks = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(args.node, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
    if (text.includes('UPDATE mission_progress SET claimed_at')) this.marks.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.marks.has(args.queryId)) {
      process.stdout.write('stalled\n');
      // Never answers, and a timer keeps the process alive until the test kills it.
      await new Promise(() => setInterval(() => undefined, 60_000));
    }
    return args.result;
  }
}

const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const kysely = mode === 'stall' ? db.kysely.withPlugin(new StallAfterMark()) : db.kysely;
const services = buildServices({ config: crashTestConfig(), db: { ...db, kysely }, log: null });
try {
  await services.missions.claim(DEMO_MERCHANT, BigInt(memberId), BigInt(missionId), periodStart, {
    requested: 'en',
    fallback: 'bn',
  });
  process.stdout.write('claimed\n');
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  process.stdout.write(`refused ${error.code}\n`);
}
await db.close();
process.stdout.write('done\n');
