import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-payments.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';

/** The back office's payment-provider desk: the reconciliation queue and a provider's answer about one payment. */

const TAGS = ['back-office'];
const bypassesGate = true;
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A UTC day, YYYY-MM-DD' });

export const ReconciliationItem = Type.Object({
  id: Type.String({ description: 'Decimal id' }),
  day: Day,
  provider: Type.String(),
  channel: Type.Union([Type.String(), Type.Null()], { description: "The channel's code; null when unknown" }),
  kind: Type.Enum(routes.MISMATCH_KINDS),
  direction: Type.Union([Type.Literal('payment'), Type.Literal('payout')]),
  reference: Type.String({ description: 'Our deposit order or withdrawal id, as the provider reports it' }),
  providerTxnId: Type.String(),
  providerAmount: Type.Union([Type.String(), Type.Null()], { description: 'Minor units; null when the provider reports none' }),
  ledgerAmount: Type.Union([Type.String(), Type.Null()], { description: 'Minor units; null when the ledger has none' }),
  currency: Type.String(),
  evidence: Type.String({ description: 'The statement line, our record and the callbacks received, as JSON text' }),
  status: Type.Enum(routes.RECONCILIATION_STATUSES),
  resolution: Type.Union([Type.String(), Type.Null()]),
  resolvedBy: Type.Union([Type.String(), Type.Null()]),
  resolvedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer({ description: 'Epoch ms' }),
});
export type ReconciliationItem = Static<typeof ReconciliationItem>;

export const reconciliation = defineCall(routes.reconciliation, {
  tags: TAGS,
  bypassesGate,
  summary: 'Mismatches between the payment providers’ daily statements and the ledger, newest first (at most 200)',
  querystring: Type.Object({ status: Type.Optional(Type.Enum(routes.RECONCILIATION_STATUSES)) }, { additionalProperties: false }),
  value: Type.Object({ rows: Type.Array(ReconciliationItem) }),
});

export const reconciliationRun = defineCall(routes.reconciliationRun, {
  tags: TAGS,
  bypassesGate,
  summary: "Compares each configured provider's statement of a day with the ledger now (the daily job does it for yesterday)",
  body: Type.Object({ day: Day }, { additionalProperties: false }),
  value: Type.Object({ lines: Type.Integer({ minimum: 0 }), mismatches: Type.Integer({ minimum: 0 }) }),
});

export const reconciliationResolve = defineCall(routes.reconciliationResolve, {
  tags: TAGS,
  bypassesGate,
  summary: 'Closes a mismatch with what was done about it; recorded in the audit log',
  body: Type.Object(
    { id: RowId, note: Type.String({ minLength: 3, maxLength: 500, description: 'What was done, for the audit log' }) },
    { additionalProperties: false },
  ),
  value: Type.Null(),
});

export const ProviderCheck = Type.Object({
  provider: Type.String(),
  state: Type.Union([Type.String(), Type.Null()], { description: "The provider's state of it; null when it knows none" }),
  amount: Type.Union([Type.String(), Type.Null()]),
  providerTxnId: Type.Union([Type.String(), Type.Null()]),
  settled: Type.Boolean({ description: 'The answer settled a payout that waited for the provider' }),
});
export type ProviderCheck = Static<typeof ProviderCheck>;

export const providerCheck = defineCall(routes.providerCheck, {
  tags: TAGS,
  bypassesGate,
  summary: 'Asks the payment provider about a deposit order or a withdrawal now; a final answer settles a waiting payout',
  body: Type.Object(
    { kind: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')]), id: RowId },
    { additionalProperties: false },
  ),
  value: ProviderCheck,
});
