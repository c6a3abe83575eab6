import type { ReconciliationItem } from '@tessera/contract/api/back-office-payments';
import type { MismatchKind } from '@tessera/contract/routes/back-office-payments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { AuditActor, AuditLog } from '../audit-log/service.js';
import { type JobContext, schedule } from '../jobs/service.js';
import type { PaymentProvider, StatementLine } from './provider.js';
import * as repo from './reconciliation-repo.js';

export const RECONCILE_JOB = 'payments.reconcile';
/** The daily run starts at 00:30 UTC, for the day before: late callbacks of the day's last minutes are in. */
const RUN_AT_MINUTES_AFTER_MIDNIGHT = 30;
const DAY_MS = 86_400_000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

interface Mismatch {
  kind: MismatchKind;
  direction: 'payment' | 'payout';
  reference: string;
  providerTxnId: string;
  providerAmount: bigint | null;
  ledgerAmount: bigint | null;
  currency: string;
  channelId: bigint | null;
  evidence: Record<string, unknown>;
}

const amounts = (value: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(value, (_key, field) => (typeof field === 'bigint' ? field.toString() : field)));

/**
 * Compares each provider's statement of a day with the ledger, per merchant: a payment the provider paid that
 * credited nothing (`missing_credit`) or another amount (`amount_differs`), one it reports after the order expired
 * (`late_after_expiry`), money it reports that we never asked for (`unknown_transaction`), and a credit or payout
 * of ours it does not report (`not_in_statement`); the same for payouts. Each mismatch is recorded once (a run
 * again finds the same ones) with the statement line, our record and every callback received, for staff to
 * resolve (audited).
 */
export class Reconciliation {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly auditLog: AuditLog,
  ) {}

  /** Every instance makes sure the next daily run is due; each run schedules the next. */
  async ensureScheduled(now = Date.now()): Promise<void> {
    await this.scheduleAfter(this.db, now);
  }

  /** Job: yesterday's statements of every provider for every merchant with a channel on it. */
  async job({ trx }: JobContext): Promise<void> {
    const day = addDays(dayOf(new Date()), -1);
    for (const [providerId, provider] of this.providers) {
      for (const merchant of await repo.merchantsOn(trx, providerId)) {
        const lines = await provider.statement(merchant, day);
        await this.record(trx, merchant, providerId, day, lines);
      }
    }
    await this.scheduleAfter(trx, Date.now());
  }

  /** Staff's "reconcile now" for one merchant and day: every configured provider's statement. */
  async run(merchant: string, day: string): Promise<{ lines: number; mismatches: number }> {
    let lines = 0;
    let mismatches = 0;
    for (const [providerId, provider] of this.providers) {
      const statement = await provider.statement(merchant, day).catch((): never => {
        throw new AppError('payments.provider.unavailable');
      });
      const found = await this.db.transaction().execute((trx) => this.record(trx, merchant, providerId, day, statement));
      lines += statement.length;
      mismatches += found;
    }
    return { lines, mismatches };
  }

  async list(merchant: string, status: 'open' | 'resolved' | undefined): Promise<ReconciliationItem[]> {
    const rows = await repo.selectItems(this.db, merchant, status);
    return rows.map((row) => ({
      id: row.id.toString(),
      day: row.day,
      provider: row.provider,
      channel: row.channel,
      kind: row.kind,
      direction: row.direction,
      reference: row.reference,
      providerTxnId: row.provider_txn_id,
      providerAmount: row.provider_amount_minor?.toString() ?? null,
      ledgerAmount: row.ledger_amount_minor?.toString() ?? null,
      currency: row.currency,
      evidence: JSON.stringify(row.evidence, null, 2),
      status: row.status,
      resolution: row.resolution,
      resolvedBy: row.resolved_by,
      resolvedAt: row.resolved_at?.getTime() ?? null,
      createdAt: row.created_at.getTime(),
    }));
  }

  /** Closes an open mismatch with staff's note; the audit entry commits with it. */
  async resolve(actor: AuditActor, merchant: string, id: bigint, note: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const item = await repo.lockItem(trx, merchant, id);
      if (!item) throw new AppError('payments.reconciliation.not.found');
      if (item.status !== 'open') throw new AppError('payments.reconciliation.resolved');
      await repo.resolveItem(trx, id, actor.actor, note);
      await this.auditLog.append(
        actor,
        {
          action: 'reconciliation.resolve',
          merchantCode: merchant,
          target: `reconciliation:${id}`,
          before: { status: 'open', kind: item.kind, reference: item.reference },
          after: { status: 'resolved', note },
        },
        trx,
      );
    });
  }

  private async scheduleAfter(db: Kysely<Database>, now: number) {
    const today = dayOf(new Date(now));
    const todayRun = Date.parse(`${today}T00:00:00Z`) + RUN_AT_MINUTES_AFTER_MIDNIGHT * 60_000;
    const runAt = todayRun > now ? todayRun : todayRun + DAY_MS;
    await schedule(db, {
      kind: RECONCILE_JOB,
      runAt: new Date(runAt),
      payload: {},
      dedupeKey: `${RECONCILE_JOB}:${dayOf(new Date(runAt))}`,
    });
  }

  /** Compares and records; the count of mismatches found in this statement (recorded before or not). */
  private async record(
    trx: Transaction<Database>,
    merchant: string,
    providerId: string,
    day: string,
    lines: StatementLine[],
  ): Promise<number> {
    const mismatches = await this.compare(trx, merchant, providerId, day, lines);
    for (const mismatch of mismatches) {
      await repo.insertItem(trx, {
        merchant_code: merchant,
        provider: providerId,
        channel_id: mismatch.channelId,
        day,
        kind: mismatch.kind,
        direction: mismatch.direction,
        reference: mismatch.reference,
        provider_txn_id: mismatch.providerTxnId,
        provider_amount_minor: mismatch.providerAmount,
        ledger_amount_minor: mismatch.ledgerAmount,
        currency: mismatch.currency,
        evidence: amounts(mismatch.evidence),
      });
    }
    await repo.upsertRun(trx, {
      merchant_code: merchant,
      provider: providerId,
      day,
      lines: lines.length,
      mismatches: mismatches.length,
    });
    return mismatches.length;
  }

  private async compare(
    trx: Transaction<Database>,
    merchant: string,
    providerId: string,
    day: string,
    lines: StatementLine[],
  ): Promise<Mismatch[]> {
    const from = new Date(`${day}T00:00:00Z`);
    const to = new Date(from.getTime() + DAY_MS);
    const mismatches: Mismatch[] = [];
    const seenPayments = new Set<string>();
    const seenPayouts = new Set<string>();
    for (const line of lines) {
      const statement = { ...line, at: line.at.toISOString() };
      if (line.kind === 'payment') {
        seenPayments.add(line.providerId);
        const order = await repo.orderOfPayment(trx, merchant, providerId, line.providerId);
        const base = { direction: 'payment' as const, reference: line.reference, providerTxnId: line.providerTxnId };
        const callbacks = order ? await repo.callbacksOfOrder(trx, order.id) : [];
        const evidence = { statement, order, callbacks };
        const kind = paymentMismatch(order, line);
        if (kind) {
          mismatches.push({
            ...base,
            kind,
            providerAmount: line.amountMinor,
            ledgerAmount: order?.status === 'approved' ? order.amount_minor : null,
            currency: line.currency,
            channelId: order?.channel_id ?? null,
            evidence,
          });
        }
      } else {
        seenPayouts.add(line.providerId);
        const payout = await repo.payoutOfProvider(trx, merchant, providerId, line.providerId);
        const callbacks = payout ? await repo.callbacksOfWithdrawal(trx, payout.withdrawal_id) : [];
        const kind = payoutMismatch(payout, line);
        if (kind) {
          mismatches.push({
            direction: 'payout',
            reference: line.reference,
            providerTxnId: line.providerTxnId,
            kind,
            providerAmount: line.amountMinor,
            ledgerAmount: payout?.state === 'paid' ? payout.amount_minor : null,
            currency: line.currency,
            channelId: payout?.channel_id ?? null,
            evidence: { statement, payout, callbacks },
          });
        }
      }
    }
    for (const order of await repo.creditedOrders(trx, merchant, providerId, from, to)) {
      if (seenPayments.has(order.provider_payment_id)) continue;
      mismatches.push({
        kind: 'not_in_statement',
        direction: 'payment',
        reference: order.id.toString(),
        providerTxnId: order.provider_payment_id,
        providerAmount: null,
        ledgerAmount: order.amount_minor,
        currency: order.currency,
        channelId: order.channel_id,
        evidence: { statement: null, order, callbacks: await repo.callbacksOfOrder(trx, order.id) },
      });
    }
    for (const payout of await repo.paidPayouts(trx, merchant, providerId, from, to)) {
      if (payout.provider_payout_id && seenPayouts.has(payout.provider_payout_id)) continue;
      mismatches.push({
        kind: 'not_in_statement',
        direction: 'payout',
        reference: payout.withdrawal_id.toString(),
        providerTxnId: payout.provider_payout_id ?? '',
        providerAmount: null,
        ledgerAmount: payout.amount_minor,
        currency: payout.currency,
        channelId: payout.channel_id,
        evidence: { statement: null, payout, callbacks: await repo.callbacksOfWithdrawal(trx, payout.withdrawal_id) },
      });
    }
    return mismatches;
  }
}

function paymentMismatch(order: repo.StatementOrder | undefined, line: StatementLine): MismatchKind | null {
  if (!order || order.id.toString() !== line.reference) return 'unknown_transaction';
  if (order.status === 'expired') return 'late_after_expiry';
  if (order.status !== 'approved') return order.review === 'amount_mismatch' ? 'amount_differs' : 'missing_credit';
  return order.amount_minor === line.amountMinor && order.currency === line.currency ? null : 'amount_differs';
}

function payoutMismatch(payout: repo.StatementPayout | undefined, line: StatementLine): MismatchKind | null {
  if (!payout || payout.withdrawal_id.toString() !== line.reference) return 'unknown_transaction';
  if (payout.state !== 'paid') return 'missing_credit';
  return payout.amount_minor === line.amountMinor && payout.currency === line.currency ? null : 'amount_differs';
}
