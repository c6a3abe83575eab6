/**
 * The member's two-factor (modules/two-factor, composed in services.ts), asked before a password change and before an
 * e-mail or mobile is bound: a session alone (a borrowed phone, a stolen token) must not change how the account is
 * entered or recovered.
 */
export interface SecondFactorCheck {
  isEnabled(memberId: bigint): Promise<boolean>;
  /** Passes when the factor is off; else the code must be given, right and unused (twofactor.required / .invalid / .locked). */
  require(memberId: bigint, code: string | undefined): Promise<void>;
}

export const NO_SECOND_FACTOR: SecondFactorCheck = { isEnabled: async () => false, require: async () => {} };
