// Child process of callbacks.crash.test.ts: the real app on a given port and database, with the provider
// configured. The transaction that settles a deposit order (`deposit_orders`) or a paid-out withdrawal
// (`withdrawals`) from a callback stops for good right after the row's status change (the ledger posting
// written, nothing committed) and says "stalled", so the test can SIGKILL it there.
//   node --conditions=source --import tsx callback-worker.ts '<DbTarget json>' <port> <provider url> <secret> <table>
import {
  ColumnNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { buildApp } from '../../../app.js';
import { connectDb, type DbTarget } from '../../../db/connect.js';
import { loadConfig } from '../../../platform/config.js';

const [targetJson, port, pspUrl, secret, table] = process.argv.slice(2);
if (!targetJson || !port || !pspUrl || !secret || !table)
  throw new Error('usage: callback-worker.ts <target> <port> <url> <secret> <table>');

/** Finds the UPDATE that sets the `status` of a row of `table` and never lets its result through. */
class StallAfterDecision implements KyselyPlugin {
  private readonly decisions = new WeakSet<object>();

  constructor(private readonly table: string) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (
      node.kind === 'UpdateQueryNode' &&
      JSON.stringify(node.table).includes(`"${this.table}"`) &&
      (node.updates ?? []).some((update) => ColumnNode.is(update.column) && update.column.column.name === 'status')
    ) {
      this.decisions.add(args.queryId);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.decisions.has(args.queryId)) {
      process.stdout.write('stalled\n');
      await new Promise(() => undefined);
    }
    return args.result;
  }
}

const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const kysely = db.kysely.withPlugin(new StallAfterDecision(table));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  SECRET_KEY: 'crash-test-secret-key-crash-test-secret-key',
  PSP_TESTPSP_URL: pspUrl,
  PSP_TESTPSP_SECRETS: secret,
});
const app = await buildApp({ config, db: { ...db, kysely } });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('listening\n');
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
