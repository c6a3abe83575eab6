import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModals } from '../../../lib/modal-store';
import { fail, ok, renderWithApp, stubAccountCalls } from '../../../test/accounts-kit';
import { RecoveryContacts } from './recovery-contacts';

const NOTHING_BOUND = {
  emailMasked: null,
  emailVerified: false,
  mobileMasked: null,
  mobileVerified: false,
  twoFactorEnabled: false,
};

describe('RecoveryContacts', () => {
  it('binds an e-mail: the address, its code, verify; then tells the page to reload', async () => {
    const calls: unknown[] = [];
    stubAccountCalls({
      sendContactCode: ({ body }) => {
        calls.push(body);
        return ok({ expiredMinutes: 5 });
      },
      verifyContact: ({ body }) => {
        calls.push(body);
        return ok(null);
      },
    });
    const onChanged = vi.fn();
    await renderWithApp(<RecoveryContacts status={NOTHING_BOUND} onChanged={onChanged} />);
    const user = userEvent.setup();
    expect(screen.getAllByText('Not added')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add E-mail' }));
    const form = screen.getByRole('form', { name: 'Verify an e-mail address' });
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Input cannot be empty')).toBeTruthy();
    await user.type(within(form).getByLabelText('E-mail address'), 'rahim@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('We have sent a code to rahim@example.com. Enter it here.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Code you received'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your e-mail is verified. A password reset can now reach it.')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledOnce();
    expect(screen.queryByLabelText('Login password')).toBeNull();
    // The send is sealed (it may carry the password); the verify is plain.
    expect(calls).toEqual([{ value: expect.any(String) }, { channel: 'email', code: '123456' }]);
  }, 15_000);

  it('says an unverified address gets no reset, and shows a wrong code under the form', async () => {
    stubAccountCalls({
      sendContactCode: () => ok({ expiredMinutes: 5 }),
      verifyContact: () => fail('sms.code.invalid'),
    });
    await renderWithApp(
      <RecoveryContacts status={{ ...NOTHING_BOUND, mobileMasked: '+880 0171234****' }} onChanged={() => {}} />,
    );
    const user = userEvent.setup();
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(screen.getByText(/a password reset will not be sent here until you verify it/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify Mobile' }));
    const form = screen.getByRole('form', { name: 'Verify a mobile number' });
    await user.type(within(form).getByLabelText('Mobile number'), '01712345678');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await user.type(within(form).getByLabelText('Code you received'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toMatch(/code/i));
  }, 15_000);

  it('asks the login password to replace a verified address, before sending a code', async () => {
    useModals.getState().closeAll();
    let sends = 0;
    stubAccountCalls({
      sendContactCode: () => {
        sends++;
        return fail('password.old.invalid');
      },
    });
    await renderWithApp(
      <RecoveryContacts
        status={{ ...NOTHING_BOUND, emailMasked: 'r***@example.com', emailVerified: true }}
        onChanged={() => {}}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change E-mail' }));
    const form = screen.getByRole('form', { name: 'Verify an e-mail address' });
    expect(within(form).getByText(/enter your login password\. We will tell the old address\./)).toBeTruthy();
    await user.type(within(form).getByLabelText('E-mail address'), 'karim@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Input cannot be empty')).toBeTruthy();
    expect(sends).toBe(0);
    await user.type(within(form).getByLabelText('Login password'), 'not-it');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sends).toBe(1));
    await waitFor(() =>
      expect(useModals.getState().stack.map(({ name, props }) => ({ name, props }))).toContainEqual({
        name: 'accountWarning',
        props: { messageKey: 'errors.old_password_invalid' },
      }),
    );
  }, 15_000);

  it('asks the authenticator code before sending when two-factor is on, then waits a minute to resend', async () => {
    useModals.getState().closeAll();
    let sends = 0;
    stubAccountCalls({
      sendContactCode: () => {
        sends++;
        return ok({ expiredMinutes: 5 });
      },
    });
    await renderWithApp(<RecoveryContacts status={{ ...NOTHING_BOUND, twoFactorEnabled: true }} onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add E-mail' }));
    const form = screen.getByRole('form', { name: 'Verify an e-mail address' });
    await user.type(within(form).getByLabelText('E-mail address'), 'rahim@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Input cannot be empty')).toBeTruthy();
    expect(sends).toBe(0);
    await user.type(within(form).getByLabelText('Authenticator code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sends).toBe(1));
    expect(await within(form).findByRole('button', { name: /Resend in (60|59)/ })).toBeTruthy();
  }, 15_000);
});
