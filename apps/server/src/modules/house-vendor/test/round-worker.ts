// Child process of originals.crash.test.ts: one instant game round of a member with a given client round id. With
// `stall`, the round's statement runs inside a transaction that is never committed, and the process says "stalled"
// so the test can SIGKILL it there; with `run` it plays (or finds the round played) and prints the answer.
//   node --conditions=source --import tsx round-worker.ts '<DbTarget json>' stall|run <memberId> <clientRoundId>
import { connectDb, type DbTarget } from '../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { Ledger } from '../../ledger/service.js';
import { HouseVendor } from '../service.js';

const [targetJson, mode, memberId, clientRoundId] = process.argv.slice(2);
if (!targetJson || !mode || !memberId || !clientRoundId)
  throw new Error('usage: round-worker.ts <target> stall|run <memberId> <id>');

const body = {
  gameCode: 'TS_LIMBO',
  bet: '1000',
  clientRoundId,
  choice: { game: 'limbo', target: 150 },
} as const;
const db = await connectDb(JSON.parse(targetJson) as DbTarget);
if (mode === 'stall') {
  await db.kysely.transaction().execute(async (trx) => {
    const house = new HouseVendor(trx, new Ledger(trx));
    await house.playOriginal(DEMO_MERCHANT, BigInt(memberId), body, { autoBetAllowed: true });
    process.stdout.write('stalled\n');
    await new Promise(() => setInterval(() => undefined, 60_000));
  });
} else {
  const answer = await new HouseVendor(db.kysely, new Ledger(db.kysely)).playOriginal(DEMO_MERCHANT, BigInt(memberId), body, {
    autoBetAllowed: true,
  });
  process.stdout.write(
    `${JSON.stringify({ roundId: answer.round.roundId, win: answer.round.win, replayed: answer.replayed })}\n`,
  );
}
await db.close();
process.stdout.write('done\n');
