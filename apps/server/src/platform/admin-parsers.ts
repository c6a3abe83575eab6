import fs from 'node:fs';
import { InvalidArgumentError } from 'commander';

/** Argument parsers shared by every module's operator commands: they fail with a message, never a stack. */
export const parseTime = (raw: string): number => {
  const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(ms))
    throw new InvalidArgumentError('expected an ISO date-time (2026-12-01T18:00:00Z) or epoch milliseconds');
  return ms;
};
export const parseCountry = (raw: string): string => {
  const code = raw.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) throw new InvalidArgumentError(`expected a two-letter country code, got "${raw}"`);
  return code;
};
export const parseInteger = (raw: string): number => {
  if (!/^\d+$/.test(raw)) throw new InvalidArgumentError(`expected a whole number, got "${raw}"`);
  return Number(raw);
};
export const parseSwitch = (raw: string): boolean => {
  if (raw === 'on' || raw === 'true') return true;
  if (raw === 'off' || raw === 'false') return false;
  throw new InvalidArgumentError('expected on or off');
};
const readOperatorFile = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new InvalidArgumentError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
};

/** JSON given inline or as `@file` (the file resolved with the operator's working directory). */
export const parseJsonArgument = (raw: string, resolvePath: (file: string) => string): unknown => {
  const text = raw.startsWith('@') ? readOperatorFile(resolvePath(raw.slice(1))) : raw;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError(`not valid JSON: ${(error as Error).message}`);
  }
};
const _uniqueAdd = (list: string[], items: string[]) => [...new Set([...list, ...items])];
const _without = (list: string[], items: string[]) => list.filter((item) => !items.includes(item));
export const pretty = (value: unknown) => JSON.stringify(value, null, 2);
export const parseId = (raw: string): bigint => {
  if (!/^[1-9][0-9]{0,17}$/.test(raw)) throw new InvalidArgumentError(`expected an id, got "${raw}"`);
  return BigInt(raw);
};
/** A reason the player is shown (a rejected deposit or withdrawal): one to 300 characters after trimming. */
export const parseReason = (raw: string): string => {
  const reason = raw.trim();
  if (reason.length === 0 || reason.length > 300) throw new InvalidArgumentError('--reason must be 1–300 characters');
  return reason;
};
