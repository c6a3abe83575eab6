import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { passesGate, TRIAL_AGENT_TYPE } from './gated-action';
import { useModals } from './modal-store';
import { useSession } from './session';

afterEach(() => {
  useModals.getState().closeAll();
  useSession.getState().sessionEnded();
});

const opened = () => useModals.getState().stack.map((modal) => modal.name);

describe('gated action check (spec §5)', () => {
  it('uses the trial type of the contract', () => expect(TRIAL_AGENT_TYPE).toBe(TRIAL_TYPE));

  it('opens the login popup for a visitor and blocks the action', () => {
    expect(passesGate()).toBe(false);
    expect(opened()).toEqual(['login']);
  });

  it("warns a trial account with 'in_need_true_account' and blocks the action", () => {
    useSession.getState().sessionStarted('t', { account: 'guest000000001', agentType: 4 });
    expect(passesGate()).toBe(false);
    expect(opened()).toEqual(['realAccountRequired']);
  });

  it('lets members and agents through', () => {
    for (const agentType of [0, 1, 2, 41, 42]) {
      useSession.getState().sessionStarted('t', { account: 'player01', agentType });
      expect(passesGate()).toBe(true);
    }
    expect(opened()).toEqual([]);
  });
});
