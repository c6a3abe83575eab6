import { PROFILE_FIELDS as CONTRACT_PROFILE_FIELDS } from '@tessera/contract/api/accounts';
import { FEATURES } from '@tessera/contract/features';
import type { RegisterRules } from '@tessera/contract/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session';
import { errorOf, fail, ok, renderWithApp, rule, stubAccountCalls, withFeatures } from '../../../test/accounts-kit';
import { affiliateCodeFromUrl, PROFILE_FIELDS, RegisterPopup } from './register-popup';

const RULES: RegisterRules = {
  username: rule(1, 6, 16),
  password: rule(19, 6, 20),
  confirmPassword: rule(19, 6, 20),
  mobileNum: rule(6, 11, 11, true, false),
  birthday: rule(11, 10, 10, true, false),
  paymentPassword: rule(6, 6, 6, true, true),
  email: rule(3, 6, 60, false, false),
  payeeName: rule(8, 2, 30, true, false),
};

const REGISTRATION = withFeatures(FEATURES.registration, FEATURES.usernameRegistration);

async function openForm(rules: RegisterRules = RULES, status = REGISTRATION) {
  stubAccountCalls({ registerSettings: () => ok(rules) });
  await renderWithApp(<RegisterPopup onClose={() => {}} />, status);
  await screen.findByLabelText('Username');
  return userEvent.setup();
}

describe('RegisterPopup form messages (spec §5)', () => {
  it("mentions the merchant's Zalo bonus (spec §9) under the Zalo field only when the merchant offers one", async () => {
    const rules = { ...RULES, zalo: rule(0, 1, 20, true, false) };
    const offering = {
      ...REGISTRATION,
      product: { ...REGISTRATION.product, marketing: { ...REGISTRATION.product.marketing, zaloBonus: '131K' } },
    };
    await openForm(rules, offering);
    const zalo = screen.getByLabelText('Zalo number');
    expect(zalo.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Add your Zalo number for a bonus of up to 131K')).toBeTruthy();
  });

  it('says nothing of a Zalo bonus where the merchant offers none (the demo)', async () => {
    await openForm({ ...RULES, zalo: rule(0, 1, 20, true, false) });
    expect(screen.getByLabelText('Zalo number')).toBeTruthy();
    expect(screen.queryByText(/Zalo number for a bonus/)).toBeNull();
  });

  it('shows the fields the server rules show, and none of the hidden ones', async () => {
    await openForm();
    for (const label of ['Username', 'Password', 'Confirm password', 'Mobile number', 'Birthday', 'Payment password']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /General Terms and Conditions/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /18 years of age or older/ })).toHaveProperty('checked', false);
  });

  it('links the terms sentence to the terms, in a new tab so the form keeps its input', async () => {
    await openForm();
    const link = screen.getByRole('link', { name: 'General Terms and Conditions' });
    expect(link.getAttribute('href')).toBe('/help#terms');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("says 'Input cannot be empty' for required fields and asks for the age consent", async () => {
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(errorOf('Username')).toBe('Input cannot be empty'));
    expect(errorOf('Password')).toBe('Input cannot be empty');
    expect(errorOf('Confirm password')).toBe('Input cannot be empty');
    expect(errorOf('Payment password')).toBe('Input cannot be empty');
    expect(screen.getByText('You must be 18 years of age or older to sign up')).toBeTruthy();
    // Optional fields stay quiet when empty.
    expect(errorOf('Mobile number')).toBeNull();
  });

  it('chooses the message by pattern id with min and max, or one length when they are equal', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('Username'), '9abc');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Payment password'), '12');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(errorOf('Username')).toBe('Please fill in 6 - 16 English letters or digits, starting with a letter'),
    );
    expect(errorOf('Password')).toMatch(/6 - 20/);
    expect(errorOf('Payment password')).toMatch(/\b6\b/);
    expect(errorOf('Payment password')).not.toMatch(/6 - 6/);
  });

  it("says 'Incorrect confirmation input' when the confirmation differs, and unticked terms stop it", async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm password'), 'secret98');
    await user.click(screen.getByRole('checkbox', { name: /General Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(errorOf('Confirm password')).toBe('Incorrect confirmation input'));
    expect(screen.getByText('Please accept the General Terms and Conditions')).toBeTruthy();
  });

  it("checks the mobile number and the real name with the spec's sentences, and the 21-year birthday", async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('Mobile number'), '01x');
    await user.type(screen.getByLabelText('Payee name'), 'R2-D2');
    const thisYear = new Date().getUTCFullYear();
    await user.type(screen.getByLabelText('Birthday'), `${thisYear - 20}-01-01`);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(errorOf('Mobile number')).toBe('Phone number format is incorrect. Please fill in 11 digits'));
    expect(errorOf('Payee name')).toBe(
      'Real name format is incorrect. Please fill in 2 - 30 characters of English letters and spaces',
    );
    expect(errorOf('Birthday')).toBe('Please confirm you are 21 years old');
  });

  it('puts the server field errors back under their fields', async () => {
    stubAccountCalls({
      registerSettings: () => ok({ username: RULES.username, password: RULES.password } as RegisterRules),
      register: () => fail('request.invalid', { fields: [{ field: 'body/username', key: 'errors.username_taken', params: {} }] }),
    });
    await renderWithApp(<RegisterPopup onClose={() => {}} />, REGISTRATION);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm password'), 'secret99');
    await user.click(screen.getByRole('checkbox', { name: /18 years/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(errorOf('Username')).toBe('This username is already taken.'));
  });

  it('logs the new member in after success', async () => {
    stubAccountCalls({
      registerSettings: () => ok({ username: RULES.username, password: RULES.password } as RegisterRules),
      register: () =>
        ok({
          token: 'token-new',
          id: 9,
          userName: 'player01',
          nickname: null,
          customerType: 0,
          firstTimeLogin: true,
          passwordExpired: false,
          passwordChangeRequired: false,
          passwordChangeGrant: null,
          lastLoginIp: null,
        }),
    });
    await renderWithApp(<RegisterPopup onClose={() => {}} />, REGISTRATION);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm password'), 'secret99');
    await user.click(screen.getByRole('checkbox', { name: /18 years/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(useSession.getState().token).toBe('token-new'));
    useSession.getState().sessionEnded();
  });

  it("offers the open sign-up bonus as an unticked box, and names a friend's invite from the URL", async () => {
    window.history.replaceState(null, '', '/register?referralCode=FRIEND22');
    const offer = { id: '7', title: 'Welcome gift', type: 'signup', status: 'claim' };
    stubAccountCalls({ registerSettings: () => ok(RULES), signupOffers: () => ok({ list: [offer] }) });
    await renderWithApp(<RegisterPopup onClose={() => {}} />, REGISTRATION);
    const box = await screen.findByLabelText(/Welcome gift/);
    expect(box).toHaveProperty('checked', false);
    expect(screen.getByTestId('register-referral').textContent).toContain('FRIEND22');
    window.history.replaceState(null, '', '/');
  });

  it("shows 'Invalid invitation code' for a refused code from the URL, and hides a valid one", async () => {
    window.history.replaceState(null, '', '/register?affiliateCode=BAD123');
    stubAccountCalls({ registerSettings: () => ok(RULES), affiliate: () => fail('invitation_code_error') });
    const first = await renderWithApp(<RegisterPopup onClose={() => {}} />, REGISTRATION);
    await waitFor(() => expect(errorOf('Invitation code')).toBe('Invalid invitation code'));
    expect(screen.getByLabelText('Invitation code')).toHaveProperty('value', 'BAD123');
    first.unmount();

    window.history.replaceState(null, '', '/register?code=GOOD1234');
    stubAccountCalls({ registerSettings: () => ok(RULES), affiliate: () => ok({ code: 'GOOD1234', valid: true }) });
    await renderWithApp(<RegisterPopup onClose={() => {}} />, REGISTRATION);
    await screen.findByLabelText('Username');
    expect(screen.queryByLabelText('Invitation code')).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('has a mobile tab only when mobile registration is on, where the number is the account name', async () => {
    const mobile = [FEATURES.registration, FEATURES.usernameRegistration, FEATURES.mobileRegistration];
    await openForm(RULES, withFeatures(...mobile, FEATURES.mobileWithPassword));
    const tabs = screen.getByRole('tablist', { name: 'How to sign up' });
    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'Mobile number' }));
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
  });

  it('has no mobile tab when an account made by SMS code alone could not sign in again', async () => {
    await openForm(RULES, withFeatures(FEATURES.registration, FEATURES.usernameRegistration, FEATURES.mobileRegistration));
    expect(screen.queryByRole('tab', { name: 'Mobile number' })).toBeNull();
  });

  it('asks no password on the mobile tab without MOBILENUMPASSREG3, and says how that account signs in', async () => {
    const codeOnly = [FEATURES.mobileRegistrationSms, FEATURES.smsLogin, FEATURES.passwordResetByPhone];
    await openForm(
      RULES,
      withFeatures(FEATURES.registration, FEATURES.usernameRegistration, FEATURES.mobileRegistration, ...codeOnly),
    );
    const tabs = screen.getByRole('tablist', { name: 'How to sign up' });
    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'Mobile number' }));
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByLabelText('SMS code').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/No password needed: you sign in with a code sent to this number/)).toBeTruthy();
  });
});

describe('RegisterPopup country code', () => {
  const status = () => {
    const base = withFeatures(FEATURES.registration, FEATURES.usernameRegistration);
    return { ...base, product: { ...base.product, phoneCountry: 'BD' } };
  };

  it("starts on the merchant's country, searches by name or code, moves with arrows and chooses with Enter", async () => {
    const user = await openForm(RULES, status());
    const picker = screen.getByRole('button', { name: 'Country code +880, change' });
    picker.focus();
    await user.keyboard('k');
    const search = screen.getByRole('combobox', { name: 'Search country or code' });
    expect(search).toHaveProperty('value', 'k');
    await user.keyboard('os');
    const list = screen.getByRole('listbox', { name: 'Country codes' });
    expect(within(list).getByRole('option', { name: /Kosovo/ }).textContent).toContain('+383');
    await user.clear(search);
    await user.type(search, '+97');
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    expect(search.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    const second = options[1]?.textContent?.match(/\+(\d+)/)?.[1];
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: `Country code +${second}, change` })).toBe(document.activeElement);
  });

  it('closes on Escape without closing the sign-up dialog, and keeps what was typed', async () => {
    const user = await openForm(RULES, status());
    await user.type(screen.getByLabelText('Username'), 'keepme01');
    await user.click(screen.getByRole('button', { name: 'Country code +880, change' }));
    const search = screen.getByRole('combobox', { name: 'Search country or code' });
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    search.dispatchEvent(escapeKey);
    expect(escapeKey.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByLabelText('Username')).toHaveProperty('value', 'keepme01');
  });
});

describe('register helpers', () => {
  it('reads the affiliate code from ?affiliateCode= or ?code=', () => {
    expect(affiliateCodeFromUrl('?affiliateCode=AB12')).toBe('AB12');
    expect(affiliateCodeFromUrl('?code=XY99&x=1')).toBe('XY99');
    expect(affiliateCodeFromUrl('')).toBe('');
  });

  it('offers every optional profile field of the contract', () => {
    expect([...PROFILE_FIELDS].sort()).toEqual([...CONTRACT_PROFILE_FIELDS].sort());
  });
});
