import { describe, expect, it } from 'vitest';
import bn from '../../../../locales/bn.json';
import en from '../../../../locales/en.json';

/** One action, one name: the buttons that open a dialog say what the dialog's own button says. */
describe.each([
  ['bn', bn],
  ['en', en],
])('the %s wording', (_, messages) => {
  it("calls sign-up by the dialog's name in the header and the footer's steps", () => {
    expect(messages.shell.header.register).toBe(messages.accounts.register.submit);
    expect(messages.shell.footer.step_register).toBe(messages.accounts.register.submit);
  });

  it("calls log-in by the dialog's name in the header", () => {
    expect(messages.shell.header.login).toBe(messages.accounts.login.submit);
  });
});
