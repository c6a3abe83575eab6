// Child process of mines.crash.test.ts: cashes out a member's open mines round. With `stall`, the cash-out's
// transaction does all its work and is never committed, and the process says "stalled" so the test can SIGKILL it
// there; with `run` it cashes out (or finds the round settled) and prints the answer.
//   node --conditions=source --import tsx mines-worker.ts '<DbTarget json>' stall|run <memberId> <roundId>
import { connectDb, type DbTarget } from '../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { Ledger } from '../../ledger/service.js';
import { MinesRounds, type RunInTransaction } from '../mines-rounds.js';
import { HouseVendor } from '../service.js';

const [targetJson, mode, memberId, roundId] = process.argv.slice(2);
if (!targetJson || !mode || !memberId || !roundId)
  throw new Error('usage: mines-worker.ts <target> stall|run <memberId> <roundId>');

const stallBeforeCommit: RunInTransaction = (db, work) =>
  db.transaction().execute(async (trx) => {
    const result = await work(trx);
    process.stdout.write('stalled\n');
    await new Promise(() => setInterval(() => undefined, 60_000));
    return result;
  });

const db = await connectDb(JSON.parse(targetJson) as DbTarget);
const ledger = new Ledger(db.kysely);
const mines = new MinesRounds(
  db.kysely,
  ledger,
  new HouseVendor(db.kysely, ledger),
  mode === 'stall' ? stallBeforeCommit : undefined,
);
const answer = await mines.cashOut(DEMO_MERCHANT, BigInt(memberId), { gameCode: 'TS_MINES', roundId });
process.stdout.write(`${JSON.stringify({ roundId: answer.round?.roundId, win: answer.round?.win })}\n`);
await db.close();
process.stdout.write('done\n');
