import { FEATURES } from '@tessera/contract/features';
import type { RegisterRules } from '@tessera/contract/settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModals } from '../../../lib/modal-store';
import { errorOf, fail, ok, renderWithApp, rule, stubAccountCalls, withFeatures } from '../../../test/accounts-kit';
import { ChangePasswordPopup, ForgotPasswordPopup, ResetPasswordPopup } from './password-popups';

const RULES: RegisterRules = { username: rule(1, 6, 16), password: rule(19, 6, 20), email: rule(3, 6, 60) };
/** The password rule's message, chosen by its pattern id (19) with min and max. */
const PASSWORD_MESSAGE = 'Please fill in 6 - 20 English letters, digits or symbols, without spaces';
const PASSWORD_LENGTH_MESSAGE = 'Please fill in your password with 6 - 20 characters';

describe('ChangePasswordPopup messages (spec §5)', () => {
  it('asks for every field, then the password rule, the weak default and an equal confirmation', async () => {
    const fetchMock = stubAccountCalls({ registerSettings: () => ok(RULES) });
    await renderWithApp(<ChangePasswordPopup onClose={() => {}} />);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save new password' });
    await user.click(save);
    await waitFor(() => expect(errorOf('Current password')).toBe('Input cannot be empty'));
    expect(errorOf('New password')).toBe('Input cannot be empty');
    expect(errorOf('Confirm new password')).toBe('Input cannot be empty');

    await user.type(screen.getByLabelText('Current password'), 'OldSecret1');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(save);
    await waitFor(() => expect(errorOf('New password')).toBe(PASSWORD_LENGTH_MESSAGE));
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'abc defg');
    await user.click(save);
    await waitFor(() => expect(errorOf('New password')).toBe(PASSWORD_MESSAGE));

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), '123456');
    await user.click(save);
    await waitFor(() => expect(errorOf('New password')).toBe('This password is too weak. Please choose a stronger one.'));

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret2');
    await user.click(save);
    await waitFor(() => expect(errorOf('Confirm new password')).toBe('Incorrect confirmation input'));
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname).sort()).toEqual([
      '/wps/member/two-factor',
      '/wps/system/setting/register',
    ]);
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });

  it("asks the authenticator code when two-factor is on, and shows the server's refusal under it", async () => {
    let changes = 0;
    stubAccountCalls({
      registerSettings: () => ok(RULES),
      twoFactor: () => ok({ enabled: true, recoveryCodesLeft: 10 }),
      changePassword: () => {
        changes++;
        return fail('twofactor.invalid');
      },
    });
    await renderWithApp(<ChangePasswordPopup onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'OldSecret1');
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(errorOf('Authenticator code')).toBe('Input cannot be empty'));
    expect(changes).toBe(0);
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(errorOf('Authenticator code')).toMatch(/authenticator code is incorrect/));
    expect(changes).toBe(1);
  });

  it('after a forced change at the first login, goes to / and opens the first-login step', async () => {
    useModals.getState().closeAll();
    const sent: unknown[] = [];
    stubAccountCalls({
      registerSettings: () => ok(RULES),
      changePassword: ({ body }) => {
        sent.push(body);
        return ok(null);
      },
    });
    const onClose = vi.fn();
    const firstLogin = { account: 'player01', id: 7, agentType: 0 };
    const { router } = await renderWithApp(<ChangePasswordPopup onClose={onClose} grant="g1" firstLogin={firstLogin} />);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(await screen.findByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(useModals.getState().stack.map(({ name, props }) => ({ name, props }))).toEqual([
      { name: 'firstLogin', props: firstLogin },
    ]);
    useModals.getState().closeAll();
  });

  it('refuses the current password as the new one, and confirms a change before closing', async () => {
    const sent: unknown[] = [];
    stubAccountCalls({
      registerSettings: () => ok(RULES),
      changePassword: ({ body }) => {
        sent.push(body);
        return ok(null);
      },
    });
    const onClose = vi.fn();
    await renderWithApp(<ChangePasswordPopup onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'OldSecret1');
    await user.type(screen.getByLabelText('New password'), 'OldSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'OldSecret1');
    const save = screen.getByRole('button', { name: 'Save new password' });
    await user.click(save);
    await waitFor(() => expect(errorOf('New password')).toBe('The new password must differ from the current one.'));
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Your password has been changed.');
    expect(sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server refusing the current password as the new one', async () => {
    stubAccountCalls({ registerSettings: () => ok(RULES), changePassword: () => fail('password.new.same') });
    await renderWithApp(<ChangePasswordPopup onClose={() => {}} grant="g1" />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The new password must differ from the current one.');
  });

  it('shows a wrong current password from the server', async () => {
    stubAccountCalls({ registerSettings: () => ok(RULES), changePassword: () => fail('password.old.invalid') });
    await renderWithApp(<ChangePasswordPopup onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'WrongOld1');
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringMatching(/current password/i));
  });
});

describe('ForgotPasswordPopup messages (spec §5)', () => {
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const captcha = () => ok({ captchaId: 'c1', image: PNG, expiresAt: Date.now() + 120_000 });

  it('by email: username and email rules, both required, and the captcha', async () => {
    stubAccountCalls({ registerSettings: () => ok(RULES), captcha });
    await renderWithApp(<ForgotPasswordPopup onClose={() => {}} />);
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    await user.click(send);
    await waitFor(() => expect(errorOf('Username')).toBe('Input cannot be empty'));
    expect(errorOf('Email')).toBe('Input cannot be empty');
    expect(errorOf('Verification code')).toBe('Input cannot be empty');

    await user.type(screen.getByLabelText('Username'), '9abc');
    await user.type(screen.getByLabelText('Email'), 'not-mail');
    await user.click(send);
    await waitFor(() =>
      expect(errorOf('Username')).toBe('Please fill in 6 - 16 English letters or digits, starting with a letter'),
    );
    expect(errorOf('Email')).not.toBeNull();
  });

  it("by email: the same confirmation 'in_been_out' whatever the pair", async () => {
    stubAccountCalls({
      registerSettings: () => ok(RULES),
      captcha,
      forgotPasswordByEmail: () => ok({ messageKey: 'in_been_out' }),
    });
    await renderWithApp(<ForgotPasswordPopup onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Email'), 'player01@example.com');
    await user.type(screen.getByLabelText('Verification code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If this account has this e-mail address, verified, we have sent a reset link to it. The link works once, for 30 minutes. Nothing arrived? Check your spam folder.',
    );
  });

  it("by phone (CHNGPASSVERIF3): 'Please enter a valid mobile number', 'Please enter a valid verification code', the rule", async () => {
    stubAccountCalls({ registerSettings: () => ok(RULES) });
    await renderWithApp(<ForgotPasswordPopup onClose={() => {}} />, withFeatures(FEATURES.passwordResetByPhone));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'By phone' }));
    const save = await screen.findByRole('button', { name: 'Save new password' });
    await user.click(save);
    await waitFor(() => expect(errorOf('Mobile number')).toBe('Input cannot be empty'));
    expect(errorOf('SMS code')).toBe('Input cannot be empty');

    await user.type(screen.getByLabelText('Mobile number'), '12ab');
    await user.type(screen.getByLabelText('SMS code'), 'x1');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(save);
    await waitFor(() => expect(errorOf('Mobile number')).toBe('Please enter a valid mobile number'));
    expect(errorOf('SMS code')).toBe('Please enter a valid verification code');
    expect(errorOf('New password')).toBe(PASSWORD_LENGTH_MESSAGE);
    expect(errorOf('Confirm new password')).toBe('Incorrect confirmation input');
  });
});

describe('ForgotPasswordPopup by phone', () => {
  it('asks for the reset code of a verified mobile and says so without telling whether the number is one', async () => {
    const sent: unknown[] = [];
    stubAccountCalls({
      registerSettings: () => ok(RULES),
      sendPasswordResetSms: ({ body }) => {
        sent.push(body);
        return ok({ expiredMinutes: 5 });
      },
    });
    await renderWithApp(<ForgotPasswordPopup onClose={() => {}} />, withFeatures(FEATURES.passwordResetByPhone));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'By phone' }));
    await user.type(await screen.findByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByText(/^If an account has verified \+\d+ 01712345678, we have sent a code to it\./)).toBeTruthy(),
    );
    expect(sent).toEqual([{ mobileNum: '01712345678', countryDialingCode: expect.any(String) }]);
  });
});

describe('ResetPasswordPopup messages (spec §5)', () => {
  it('checks the new password and its confirmation, and says when the link is used up', async () => {
    stubAccountCalls({ registerSettings: () => ok(RULES), resetPassword: () => fail('password.reset.invalid') });
    await renderWithApp(<ResetPasswordPopup onClose={() => {}} token="t1" />);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save new password' });
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret2');
    await user.click(save);
    await waitFor(() => expect(errorOf('Confirm new password')).toBe('Incorrect confirmation input'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(save);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
