import type { ClaimState } from './tables.js';

/**
 * A claim's states and the only moves between them (docs/decisions.md "Promotions"): a deposit match is `joined`
 * until its qualifying deposit, which pays the bonus (`issued`) or refuses it (`rejected`); a sign-up or free bonus
 * is joined and issued in one transaction. A bonus that needs an operator's review — the promotion asks for it, or
 * the claimant shares a device, address, mobile or bank account with another claimant — waits as `applying` where it
 * would have been paid, until it is approved (`issued`) or rejected. An issued bonus ends once: converted to cash when wagering is met
 * (`claimed`), returned to the house when it expires (`expired`) or a withdrawal forfeits it (`forfeited`), or
 * spent (`lost`).
 */
const MOVES: Readonly<Record<ClaimState, readonly ClaimState[]>> = {
  joined: ['applying', 'issued', 'rejected'],
  applying: ['issued', 'rejected'],
  issued: ['claimed', 'expired', 'forfeited', 'lost'],
  claimed: [],
  rejected: [],
  expired: [],
  forfeited: [],
  lost: [],
};

/** Claims in these states block another claim by the same member (one bonus at a time). */
export const OPEN_STATES: readonly ClaimState[] = ['joined', 'applying', 'issued'];

export const canMove = (from: ClaimState, to: ClaimState): boolean => MOVES[from].includes(to);

/** A move the machine does not allow is a bug in the caller, never a player's input. */
export function assertMove(from: ClaimState, to: ClaimState): void {
  if (!canMove(from, to)) throw new Error(`promotion claim: no move from ${from} to ${to}`);
}
