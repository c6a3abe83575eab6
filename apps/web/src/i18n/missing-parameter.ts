type MissingParameterListener = (message: string, name: string) => void;

const logMissing: MissingParameterListener = (message, name) =>
  console.error(`i18n: "${message}" was shown without its parameter "${name}"`);

let listener = logMissing;

/** Replaces what happens when a message misses a parameter (the component tests make it fail the test). */
export function onMissingParameter(next: MissingParameterListener) {
  listener = next;
}

/**
 * i18next's `missingInterpolationHandler`: a parameter the caller did not give is reported (a console error, which
 * the e2e specs collect) and left out, so the player never reads a bare `{{min}}`.
 */
export function missingParameter(message: string, match: RegExpExecArray): string {
  listener(message, match[1]?.trim() ?? match[0]);
  return '';
}
