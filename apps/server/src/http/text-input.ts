import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { hasControlCharacters } from '@tessera/contract/validation/control-characters';
import type { preValidationHookHandler } from 'fastify';
import { AppError } from '../platform/app-error.js';

/** Deeper than any call's input: a body nested further is refused before anything walks it. */
const MAX_DEPTH = 32;

/** The path of the first string (value or property name) holding a control character, or null. */
function firstControlCharacter(data: unknown, path: string, depth: number): string | null {
  if (typeof data === 'string') return hasControlCharacters(data) ? path : null;
  if (data === null || typeof data !== 'object') return null;
  if (depth > MAX_DEPTH)
    throw new AppError('request.invalid', { fields: [{ field: path, key: VALIDATION_KEYS.invalid, params: {} }] });
  for (const [key, value] of Object.entries(data)) {
    // A refused property name is not echoed: the field is its parent.
    if (hasControlCharacters(key)) return path;
    const at = `${path}/${key}`;
    const found = firstControlCharacter(value, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses control characters in the query and JSON body of every contract call, before validation coerces them, so
 * none reaches a query, the log or an operator's screen. No JSON or query field of the contract spans lines; the
 * multi-line texts (feedback, a withdrawal note) come in multipart forms, whose readers check them themselves.
 * A callback hook, not an async one: every call runs it, and an async hook costs a promise and a microtask turn.
 */
export const refuseControlCharacters: preValidationHookHandler = (request, _reply, done) => {
  let field: string | null;
  try {
    field = firstControlCharacter(request.query, 'querystring', 0) ?? firstControlCharacter(request.body, 'body', 0);
  } catch (error) {
    done(error as AppError);
    return;
  }
  if (field) done(new AppError('request.invalid', { fields: [{ field, key: VALIDATION_KEYS.controlCharacters, params: {} }] }));
  else done();
};
