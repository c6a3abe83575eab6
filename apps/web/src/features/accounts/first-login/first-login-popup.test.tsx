import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { errorOf, fail, ok, renderWithApp, stubAccountCalls } from '../../../test/accounts-kit';
import { FirstLoginPopup } from './first-login-popup';

describe('FirstLoginPopup (spec §4 first-login action)', () => {
  it('checks the nickname before sending it, then saves it', async () => {
    const sent: unknown[] = [];
    const fetchMock = stubAccountCalls({
      setNickname: ({ body }) => {
        sent.push(body);
        return ok({ nickname: 'Lucky Star' });
      },
    });
    await renderWithApp(<FirstLoginPopup onClose={() => {}} account="player01" id={7} />);
    const user = userEvent.setup();
    expect(screen.getByText('Welcome, player01! Your account is ready.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save nickname' });
    await user.click(save);
    await waitFor(() => expect(errorOf('Nickname')).toBe('Input cannot be empty'));
    await user.type(screen.getByLabelText('Nickname'), 'a<b');
    await user.click(save);
    await waitFor(() =>
      expect(errorOf('Nickname')).toBe('Please use 2–16 letters or digits, with single spaces or _ between words'),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Nickname'));
    await user.type(screen.getByLabelText('Nickname'), ' Lucky Star ');
    await user.click(save);
    expect((await screen.findByRole('status')).textContent).toBe('Your nickname is now Lucky Star.');
    expect(sent).toEqual([{ nickname: 'Lucky Star' }]);
  });

  it('shows a taken nickname under the field', async () => {
    stubAccountCalls({ setNickname: () => fail('member.nickname.taken') });
    await renderWithApp(<FirstLoginPopup onClose={() => {}} account="player01" id={7} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nickname'), 'Taken1');
    await user.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This nickname is already taken. Please choose another one.');
  });

  it('offers a deposit limit in the security centre, and may be skipped', async () => {
    stubAccountCalls({});
    useSession.getState().sessionStarted('token-1', { account: 'player01', agentType: 0 });
    const onClose = vi.fn();
    const { router } = await renderWithApp(<FirstLoginPopup onClose={onClose} account="player01" id={7} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set a deposit limit' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('?mc=securityCenter');
    await user.click(screen.getByRole('button', { name: 'Start playing' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('only welcomes a trial account (no nickname, no members centre)', async () => {
    stubAccountCalls({});
    await renderWithApp(<FirstLoginPopup onClose={() => {}} account="guest000000001" id={8} agentType={4} />);
    expect(screen.queryByLabelText('Nickname')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set a deposit limit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start playing' })).toBeTruthy();
  });
});
