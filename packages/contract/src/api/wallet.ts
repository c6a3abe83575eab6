import { type Static, Type } from 'typebox';
import * as routes from '../routes/wallet.js';
import { defineCall } from './call.js';
import { MinorAmount, PositiveMinorAmount } from './money.js';

/* Wallet (spec §3 Balance, §7.2); amounts as in money.ts. */

/** `accountTypeId` of the main wallet; a vendor wallet's id is the vendor's code (vassalage). */
export const MAIN_WALLET = 'MAIN';

export const WalletLine = Type.Object({
  accountTypeId: Type.String({ description: `${MAIN_WALLET} or a vendor code` }),
  availBalance: MinorAmount,
  held: MinorAmount,
});
export type WalletLine = Static<typeof WalletLine>;

/** The shape of the original's balance v2 (sumBalance, currency, currencySymbol, balance[]), minor units. */
export const WalletBalance = Type.Object({
  sumBalance: MinorAmount,
  currency: Type.String(),
  currencySymbol: Type.String(),
  minorDigits: Type.Integer({ minimum: 0, maximum: 4 }),
  /** Trial accounts (agent type 4) hold play money only. */
  playMoney: Type.Boolean(),
  balance: Type.Array(WalletLine, { description: 'Main wallet first, then vendor wallets (transfer mode)' }),
});
export type WalletBalance = Static<typeof WalletBalance>;

export const getBalance = defineCall(routes.getBalance, {
  tags: ['wallet'],
  summary: 'Balance: sumBalance = available main wallet plus vendor wallets; held amounts (pending withdrawals) excluded',
  value: WalletBalance,
});

export const ConsolidatedFunds = Type.Object({
  main: MinorAmount,
  held: MinorAmount,
  vendors: MinorAmount,
  bonus: MinorAmount,
  points: MinorAmount,
  sumBalance: MinorAmount,
  currency: Type.String(),
  currencySymbol: Type.String(),
  minorDigits: Type.Integer({ minimum: 0, maximum: 4 }),
});
export type ConsolidatedFunds = Static<typeof ConsolidatedFunds>;

export const getConsolidatedFunds = defineCall(routes.getConsolidatedFunds, {
  tags: ['wallet'],
  summary: "All of the member's funds in one answer: main (available), held, vendor wallets, bonus and points",
  value: ConsolidatedFunds,
});

export const getMerchantWallet = defineCall(routes.getMerchantWallet, {
  tags: ['wallet'],
  summary: "The merchant's wallet mode: isSingle (one wallet for every game) or transfer mode (a wallet per vendor)",
  value: Type.Object({
    isSingle: Type.Boolean(),
    vendors: Type.Array(Type.Object({ vendor: Type.String(), displayName: Type.String() }), {
      description: 'Vendors that hold a wallet in transfer mode; empty when isSingle',
    }),
  }),
});

export const WalletTransferBody = Type.Object(
  {
    direction: Type.Union([Type.Literal('in'), Type.Literal('out'), Type.Literal('collect')], {
      description: 'in: main → vendor; out: vendor → main; collect: every vendor wallet → main',
    }),
    vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Required for in and out' })),
    amount: Type.Optional(PositiveMinorAmount),
    requestId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id; repeating it repeats the answer and never moves money twice',
    }),
  },
  { additionalProperties: false },
);
export type WalletTransferBody = Static<typeof WalletTransferBody>;

export const walletTransfer = defineCall(routes.walletTransfer, {
  tags: ['wallet'],
  summary: 'Transfer mode: move money between the main wallet and a vendor wallet, or collect every vendor wallet',
  body: WalletTransferBody,
  value: WalletBalance,
});

export const walletCalls = [getBalance, getConsolidatedFunds, getMerchantWallet, walletTransfer];
