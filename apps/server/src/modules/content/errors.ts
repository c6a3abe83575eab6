/** Operator content that cannot be stored (bad times, unsafe link, empty title…), with every reason. */
export class ContentRejected extends Error {
  constructor(readonly reasons: string[]) {
    super(`content rejected: ${reasons.join('; ')}`);
  }
}
