// Child process of callbacks.crash.test.ts: the real app on a given port and database, with the provider
// configured. Every transaction that settles a deposit order (`deposit_orders`) or a paid-out withdrawal
// (`withdrawals`) from a callback stops for good right after the row's status change (the ledger posting
// written, nothing committed) and says "stalled <table>", so the test can SIGKILL it there. It says "loaded" once its
// code is, and opens the database when a line arrives on stdin.
//   node --conditions=source --import tsx callback-worker.ts '<DbTarget json>' <port> <provider url> <secret> <table,…>
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

const [targetJson, port, pspUrl, secret, tables] = process.argv.slice(2);
if (!targetJson || !port || !pspUrl || !secret || !tables)
  throw new Error('usage: callback-worker.ts <target> <port> <url> <secret> <table,…>');

/** Finds each UPDATE that sets the `status` of a row of one of `tables` and never lets its result through. */
class StallAfterDecision implements KyselyPlugin {
  private readonly decisions = new WeakMap<object, string>();

  constructor(private readonly tables: string[]) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const table = this.tables.find((name) => JSON.stringify(node.kind === 'UpdateQueryNode' && node.table).includes(`"${name}"`));
    if (
      table &&
      node.kind === 'UpdateQueryNode' &&
      (node.updates ?? []).some((update) => ColumnNode.is(update.column) && update.column.column.name === 'status')
    ) {
      this.decisions.set(args.queryId, table);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const table = this.decisions.get(args.queryId);
    if (table) {
      process.stdout.write(`stalled ${table}\n`);
      await new Promise(() => undefined);
    }
    return args.result;
  }
}

// The code is loaded: the test opens the database to us when it has closed its own connection ("go" on stdin).
process.stdout.write('loaded\n');
await new Promise<void>((resolve) => {
  process.stdin.once('data', () => resolve());
});
const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const kysely = db.kysely.withPlugin(new StallAfterDecision(tables.split(',')));
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
