import { FEATURES } from '@tessera/contract/features';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, withFeatures } from '../../test/accounts-kit';
import { Header } from './header';

const signUp = () => screen.queryByRole('link', { name: 'Sign up' });

describe("the header's sign-up button", () => {
  // The category links' game lanes stay loading: the buttons are what is looked at.
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ),
  );

  it('is there when the merchant offers direct registration', async () => {
    await renderWithApp(
      <Header hasSideMenu={false} />,
      withFeatures(FEATURES.registration, FEATURES.usernameRegistration, FEATURES.directRegisterButton),
    );
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(signUp()?.getAttribute('href')).toBe('/register');
  });

  it('is not there when the direct registration button is switched off (players come through invitations)', async () => {
    await renderWithApp(<Header hasSideMenu={false} />, withFeatures(FEATURES.registration, FEATURES.usernameRegistration));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(signUp()).toBeNull();
  });

  it('is not there when registration is closed, whatever the button switch says', async () => {
    await renderWithApp(
      <Header hasSideMenu={false} />,
      withFeatures(FEATURES.usernameRegistration, FEATURES.directRegisterButton),
    );
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(signUp()).toBeNull();
  });
});
