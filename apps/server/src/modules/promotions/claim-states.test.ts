import { describe, expect, it } from 'vitest';
import { assertMove, canMove } from './claim-states.js';
import type { ClaimState } from './tables.js';

const STATES: ClaimState[] = ['joined', 'applying', 'issued', 'claimed', 'rejected', 'expired', 'forfeited', 'lost'];
const ALLOWED: [ClaimState, ClaimState][] = [
  ['joined', 'applying'],
  ['joined', 'issued'],
  ['joined', 'rejected'],
  ['applying', 'issued'],
  ['applying', 'rejected'],
  ['issued', 'claimed'],
  ['issued', 'expired'],
  ['issued', 'forfeited'],
  ['issued', 'lost'],
];

describe('promotion claim state machine', () => {
  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
    expect(() => assertMove(from, to)).not.toThrow();
  });

  const refused = STATES.flatMap((from) => STATES.map((to) => [from, to] as [ClaimState, ClaimState])).filter(
    ([from, to]) => !ALLOWED.some(([a, b]) => a === from && b === to),
  );
  it.each(refused)('refuses %s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(false);
    expect(() => assertMove(from, to)).toThrow(/no move/);
  });
});
