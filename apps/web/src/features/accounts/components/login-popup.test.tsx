import type { Captcha } from '@tessera/contract/api/accounts';
import { FEATURES } from '@tessera/contract/features';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModals } from '../../../lib/modal-store';
import { useSession } from '../../../lib/session';
import { fail, loginResult, ok, renderWithApp, stubAccountCalls, withFeatures } from '../../../test/accounts-kit';
import { LoginPopup } from './login-popup';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const captcha = (id: string): Captcha => ({ captchaId: id, image: PNG, expiresAt: Date.now() + 120_000 });

async function fillAndSubmit(username = 'player01', password = 'secret99') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), `  ${username} `);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('LoginPopup', () => {
  it('asks for username and password with the spec message, without calling the server', async () => {
    const fetchMock = stubAccountCalls({});
    await renderWithApp(<LoginPopup onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Input cannot be empty')).toHaveLength(2);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the login as an encrypted entry and stores the token on success', async () => {
    const onClose = vi.fn();
    const seen: { body: unknown; encryption: string | null }[] = [];
    stubAccountCalls({
      login: ({ body, headers }) => {
        seen.push({ body, encryption: headers.get('encryption') });
        return ok(loginResult());
      },
    });
    await renderWithApp(<LoginPopup onClose={onClose} />);
    await fillAndSubmit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen[0]?.encryption).toMatch(/^k1\./);
    expect(Object.keys(seen[0]?.body as object)).toEqual(['value']);
    expect(JSON.stringify(seen[0]?.body)).not.toContain('secret99');
    expect(useSession.getState().token).toBe('token-1');
    expect(window.sessionStorage.getItem('token')).toBe('token-1');
    expect(window.sessionStorage.getItem('isAgent')).toBe('0');
    useSession.getState().sessionEnded();
  });

  it('shows the image captcha once the server says it is needed, and a new one after each failure', async () => {
    let captchas = 0;
    stubAccountCalls({
      login: () => fail('login.invalid.captcha'),
      captcha: () => ok(captcha(`c${++captchas}`)),
    });
    await renderWithApp(<LoginPopup onClose={() => {}} />);
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    const user = await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Incorrect username or password. Please also enter the verification code.',
    );
    expect(await screen.findByRole('img', { name: 'Verification code picture' })).toBeTruthy();
    expect(captchas).toBe(1);
    // Now required: submitting without it names the field.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Input cannot be empty')).toBeTruthy();
  });

  it('refreshes the captcha at most once per second', async () => {
    let captchas = 0;
    stubAccountCalls({ login: () => fail('login.captcha.required'), captcha: () => ok(captcha(`c${++captchas}`)) });
    await renderWithApp(<LoginPopup onClose={() => {}} />);
    const user = await fillAndSubmit();
    const refresh = await screen.findByRole('button', { name: 'Show a new verification code' });
    await waitFor(() => expect(captchas).toBe(1));
    await user.click(refresh);
    await user.click(refresh);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(captchas).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await user.click(refresh);
    await waitFor(() => expect(captchas).toBe(2));
  });

  it('says when the account is locked or is not a member', async () => {
    const replies = [fail('login.locked'), fail('login.non.member')];
    stubAccountCalls({ login: () => replies.shift() ?? fail('system.error') });
    await renderWithApp(<LoginPopup onClose={() => {}} />);
    const user = await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again after 5 minutes.');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Non-member account unable to login'));
  });

  it('opens the forced password change with the server grant (never the password)', async () => {
    useModals.getState().closeAll();
    stubAccountCalls({
      login: () => ok(loginResult({ passwordChangeRequired: true, passwordChangeGrant: 'grant-1', firstTimeLogin: true })),
    });
    const onClose = vi.fn();
    await renderWithApp(<LoginPopup onClose={onClose} />);
    await fillAndSubmit('player01', '123456');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const opened = useModals.getState().stack.map(({ name, props }) => ({ name, props }));
    expect(opened).toEqual([
      {
        name: 'changePassword',
        props: { grant: 'grant-1', isExpired: false, firstLogin: { account: 'player01', id: 7, agentType: 0 } },
      },
    ]);
    expect(JSON.stringify(opened)).not.toContain('123456');
    useModals.getState().closeAll();
    useSession.getState().sessionEnded();
  });

  it('remembers the username for a day, never the password', async () => {
    stubAccountCalls({ login: () => ok(loginResult()) });
    await renderWithApp(<LoginPopup onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Password'), 'secret99');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(document.cookie).toContain('rememberUsername=player01'));
    expect(document.cookie).toContain('rememberMe=1');
    expect(document.cookie).not.toContain('secret99');
    useSession.getState().sessionEnded();
  });

  it('offers the SMS tab only when MOBILEVERCODELOGIN3 is on, and free play only with FREEPLAY3', async () => {
    stubAccountCalls({});
    const first = await renderWithApp(<LoginPopup onClose={() => {}} />);
    await screen.findByLabelText('Username');
    expect(screen.queryByRole('tab', { name: 'SMS code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Free play (trial account)' })).toBeNull();
    first.unmount();
    await renderWithApp(<LoginPopup onClose={() => {}} />, withFeatures(FEATURES.smsLogin, FEATURES.freePlay));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'SMS code' }));
    expect(screen.getByLabelText('Mobile number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Free play (trial account)' })).toBeTruthy();
  });
});
