/** What a module's commands use to answer and to know whom they act for. */
export interface AdminIo {
  print(text: string): void;
  target(): { merchant: string; actor: string };
  /** A path the operator typed, resolved against the directory the CLI was started in (not the server's). */
  resolvePath(file: string): string;
}

/** A refusal an operator can act on: printed as one line, exit code 1. */
export class AdminRefusal extends Error {}
