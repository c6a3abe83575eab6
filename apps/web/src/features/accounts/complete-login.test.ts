import { beforeEach, describe, expect, it } from 'vitest';
import { useModals } from '../../lib/modal-store';
import { useSession } from '../../lib/session';
import { loginResult } from '../../test/accounts-kit';
import { completeLogin } from './complete-login';

const stack = () => useModals.getState().stack.map((modal) => ({ name: modal.name, props: modal.props }));

describe('completeLogin (spec §4 after login)', () => {
  beforeEach(() => useModals.getState().closeAll());

  it('stores the session and marks the post-login announcement popup', () => {
    completeLogin(loginResult());
    expect(useSession.getState().token).toBe('token-1');
    expect(stack()).toEqual([{ name: 'postLoginAnnouncements', props: {} }]);
  });

  it('puts the first-login step above the announcements', () => {
    completeLogin(loginResult({ firstTimeLogin: true }));
    expect(stack()).toEqual([
      { name: 'postLoginAnnouncements', props: {} },
      { name: 'firstLogin', props: { account: 'player01', id: 7, agentType: 0 } },
    ]);
  });

  it('opens only the forced change, with the grant and the first-login step to follow it', () => {
    completeLogin(
      loginResult({ firstTimeLogin: true, passwordChangeRequired: true, passwordChangeGrant: 'g1', passwordExpired: true }),
    );
    expect(stack()).toEqual([
      {
        name: 'changePassword',
        props: { grant: 'g1', isExpired: true, firstLogin: { account: 'player01', id: 7, agentType: 0 } },
      },
    ]);
  });
});
