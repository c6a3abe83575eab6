// Lottery draw settlement on PostgreSQL: 100,000 SEA 5D tickets bought through the lottery service (slips of 50
// bets, one debit each), then the draw job and its settlement jobs run by the real job runner(s) until the draw is
// settled. Reports the purchase rate and the settlement time (draw job due → draw settled).
//   BENCH_PG_URL                 a throwaway cluster's admin URL (scripts/bench.sh starts one; required)
//   BENCH_LOTTERY_TICKETS        tickets in the draw (default 100000)
//   BENCH_LOTTERY_MEMBERS        members buying (default 500)
//   BENCH_LOTTERY_WORKERS        server instances settling (job runners, each with its own pool; default 2)
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import type { SeaBet } from '@tessera/contract/api/lottery';
import { connectDb } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../apps/server/src/db/seed/demo-merchant.js';
import { createMember } from '../apps/server/src/modules/accounts/members.js';
import { Ledger } from '../apps/server/src/modules/ledger/service.js';
import { LotteryService, SETTLE_BATCH_SIZE } from '../apps/server/src/modules/lottery/service.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { createDatabases, databaseUrl } from './lib/ledger-load.js';
import { holdDrawOpen, settleDraw } from './lib/lottery-draw.js';
import { printTable, writeResult } from './lib/report.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) throw new Error('BENCH_PG_URL is not set (scripts/bench.sh starts a throwaway cluster and sets it)');
const TICKETS = Number(process.env.BENCH_LOTTERY_TICKETS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_LOTTERY_MEMBERS ?? 500);
const WORKERS = Number(process.env.BENCH_LOTTERY_WORKERS ?? 2);
const BETS_PER_SLIP = 50;
const BUYERS = 16;
const GAME = 'TS_SEA_LOTTO';

/** Every SEA bet type alike: about 30 % of tickets win, so a third of them are ledger credits. */
function randomBet(): SeaBet {
  const position = Math.floor(Math.random() * 5);
  const pick2 = <T>(a: T, b: T) => (Math.random() < 0.5 ? a : b);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  switch (Math.floor(Math.random() * 7)) {
    case 0:
      return { type: 'digit', position, digit: Math.floor(Math.random() * 10) };
    case 1:
      return { type: 'bigSmall', position, pick: pick2('big', 'small') };
    case 2:
      return { type: 'oddEven', position, pick: pick2('odd', 'even') };
    case 3:
      return { type: 'sumBigSmall', pick: pick2('big', 'small') };
    case 4:
      return { type: 'sumOddEven', pick: pick2('odd', 'even') };
    case 5:
      return { type: 'last2', number: digits(2) };
    default:
      return { type: 'last3', number: digits(3) };
  }
}

const name = `lottery_bench_${randomBytes(3).toString('hex')}`;
await createDatabases(adminUrl, [name]);
const url = databaseUrl(adminUrl, name);
const db = await connectDb({ kind: 'postgres', url, poolSize: BUYERS + 2 });
try {
  await migrateToLatest(db.kysely);
  await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
  const ledger = new Ledger(db.kysely);
  const members: bigint[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const memberId = await createMember(db.kysely, { merchantCode: DEMO_MERCHANT, account: `lot${i}`, password: null });
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'channel_in', channel: 'bench' },
      to: { kind: 'member_main', memberId },
      amount: 10_000_000_000n,
      kind: 'deposit',
      cause: { type: 'operator', id: 'bench' },
    });
    members.push(memberId);
  }
  const lottery = new LotteryService(db.kysely, new Ledger(db.kysely));
  await lottery.ensureSchedule();
  const open = (await lottery.current(GAME)).open;
  if (!open) throw new Error('no open SEA draw');
  // The draw stays open for the whole purchase, whatever its real cut-off.
  await holdDrawOpen(db, BigInt(open.drawId));
  console.log(`lottery settlement: ${TICKETS.toLocaleString('en-US')} SEA 5D tickets from ${MEMBERS} members, PostgreSQL 15`);
  console.log(
    `  load average before: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );

  const slips = Math.ceil(TICKETS / BETS_PER_SLIP);
  let next = 0;
  process.stdout.write(`  buying ${slips} slips with ${BUYERS} buyers… `);
  const buyStart = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      for (let i = next++; i < slips; i = next++) {
        const count = Math.min(BETS_PER_SLIP, TICKETS - i * BETS_PER_SLIP);
        const bets = Array.from({ length: count }, () => ({
          bet: randomBet(),
          stake: String(100 + Math.floor(Math.random() * 900)),
        }));
        await lottery.placeSlip(DEMO_MERCHANT, members[i % members.length] ?? 0n, {
          gameCode: GAME,
          drawId: open.drawId,
          clientSlipId: randomUUID(),
          bets,
        });
      }
    }),
  );
  const buySeconds = (performance.now() - buyStart) / 1000;
  console.log(`${buySeconds.toFixed(1)} s (${Math.round(TICKETS / buySeconds)} tickets/s)`);

  process.stdout.write(`  settling with ${WORKERS} instance(s), ${SETTLE_BATCH_SIZE} tickets per job… `);
  const draw = await settleDraw(db, url, BigInt(open.drawId), WORKERS);
  const settleSeconds = draw.seconds;
  console.log(`${settleSeconds.toFixed(1)} s`);

  const result = {
    tickets: draw.tickets,
    winners: draw.winners,
    payoutTotalMinor: draw.payoutTotal.toString(),
    purchase: { seconds: Number(buySeconds.toFixed(2)), ticketsPerSecond: Math.round(TICKETS / buySeconds), buyers: BUYERS },
    settlement: {
      seconds: Number(settleSeconds.toFixed(2)),
      ticketsPerSecond: Math.round(draw.tickets / settleSeconds),
      winnersPerSecond: Math.round(draw.winners / settleSeconds),
      instances: WORKERS,
      batchSize: SETTLE_BATCH_SIZE,
    },
  };
  printTable('lottery draw settlement (PostgreSQL)', [
    {
      scenario: `settle ${draw.tickets.toLocaleString('en-US')} tickets, ${WORKERS} instance(s)`,
      seconds: result.settlement.seconds,
      'tickets/s': result.settlement.ticketsPerSecond,
      winners: draw.winners,
      'credits/s': result.settlement.winnersPerSecond,
    },
    {
      scenario: `buy (slips of ${BETS_PER_SLIP}, ${BUYERS} buyers)`,
      seconds: result.purchase.seconds,
      'tickets/s': result.purchase.ticketsPerSecond,
      winners: null,
      'credits/s': null,
    },
  ]);
  writeResult('lottery-settlement', result);
} finally {
  await db.close();
}
