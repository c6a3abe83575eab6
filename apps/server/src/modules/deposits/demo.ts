import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { playMoneyGateway } from './gateways.js';
import { insertChannel } from './repo.js';

/**
 * The demo merchant's one deposit channel: play money, credited at once and labelled so in both languages. A
 * bank or e-wallet channel needs real account details, which only an operator can give (`deposit channel add`).
 */
export async function seedDemoDeposits(db: Kysely<Database>, merchant: string) {
  await insertChannel(db, {
    merchant,
    code: 'demo',
    kind: 'instant',
    gateway: playMoneyGateway.id,
    names: { en: 'Demo — play money', bn: 'ডেমো — খেলার টাকা' },
    instructions: {
      en: 'This demo site has no real money. Choose an amount and it is added to your balance at once as play money.',
      bn: 'এই ডেমো সাইটে আসল টাকা নেই। একটি পরিমাণ বেছে নিন, সেটি সঙ্গে সঙ্গে খেলার টাকা হিসেবে আপনার ব্যালেন্সে যোগ হবে।',
    },
    accountDetails: [],
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
    quickAmountsMinor: [10_000n, 50_000n, 100_000n, 500_000n, 1_000_000n, 3_000_000n],
    sortOrder: 0,
  });
}
