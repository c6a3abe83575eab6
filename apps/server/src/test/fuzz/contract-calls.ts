import { readdirSync } from 'node:fs';
import type { CallDef } from '@tessera/contract/api/call';

/** Every call of the contract, found by reading its api modules, so a new call is fuzzed without being listed. */
export async function contractCalls(): Promise<CallDef[]> {
  const folder = new URL('../../../../../packages/contract/src/api/', import.meta.url);
  const modules = await Promise.all(
    readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => import(new URL(file, folder).href) as Promise<Record<string, unknown>>),
  );
  const calls = new Map<string, CallDef>();
  for (const module of modules) {
    for (const value of Object.values(module)) {
      if (typeof value === 'object' && value !== null && 'id' in value && 'path' in value && 'value' in value) {
        calls.set((value as CallDef).id, value as CallDef);
      }
    }
  }
  return [...calls.values()].sort((a, b) => a.id.localeCompare(b.id));
}
