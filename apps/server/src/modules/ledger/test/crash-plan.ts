import type { AccountRef, TransferInput } from '../service.js';

/** One step of the crash test's load: a transfer, or a withdrawal hold posted straight after. */
export interface CrashStep {
  kind: 'deposit' | 'bet' | 'win' | 'withdrawal';
  memberId: string;
  amount: string;
  key: string;
}

export const CRASH_MERCHANT = 'ledger_crash';
const STARTING_DEPOSIT = 100_000n;
const STEP_MAX = 1000;

/** Lanes of steps, one lane per member, ordered so no step can lack funds: a deposit covers all spending. */
export function crashPlan(memberIds: bigint[], stepsPerMember: number, random: () => number): CrashStep[][] {
  return memberIds.map((id) => {
    const memberId = String(id);
    const lane: CrashStep[] = [{ kind: 'deposit', memberId, amount: String(STARTING_DEPOSIT), key: `crash-${memberId}-0` }];
    for (let i = 1; i <= stepsPerMember; i += 1) {
      const kind = (['bet', 'win', 'withdrawal'] as const)[Math.floor(random() * 3)] ?? 'bet';
      lane.push({ kind, memberId, amount: String(1 + Math.floor(random() * STEP_MAX)), key: `crash-${memberId}-${i}` });
    }
    return lane;
  });
}

export function inputOf(step: CrashStep): TransferInput {
  const member: AccountRef = { kind: 'member_main', memberId: BigInt(step.memberId) };
  const house: AccountRef = { kind: 'house', purpose: 'games' };
  const [from, to]: [AccountRef, AccountRef] =
    step.kind === 'deposit'
      ? [{ kind: 'channel_in', channel: 'bank' }, member]
      : step.kind === 'win'
        ? [house, member]
        : step.kind === 'bet'
          ? [member, house]
          : [member, { kind: 'channel_out', channel: 'bank' }];
  return {
    merchant: CRASH_MERCHANT,
    from,
    to,
    amount: BigInt(step.amount),
    kind: step.kind,
    cause: { type: 'job', id: 'crash-test' },
    idempotencyKey: step.key,
  };
}

/** A member's balance after every step of its lane applied exactly once. */
export function expectedBalance(lane: CrashStep[]): bigint {
  return lane.reduce((sum, step) => sum + (step.kind === 'deposit' || step.kind === 'win' ? 1n : -1n) * BigInt(step.amount), 0n);
}
