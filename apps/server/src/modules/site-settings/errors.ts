/** A settings value that is well-formed but unacceptable (unsafe regex, bad CIDR, unknown language…). */
export class SettingsRejected extends Error {
  constructor(
    readonly key: string,
    readonly reasons: string[],
  ) {
    super(`Setting "${key}" rejected: ${reasons.join('; ')}`);
  }
}
