import { queryOptions } from '@tanstack/react-query';
import type { HelpItem } from '@tessera/contract/settings';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** `getHelpCenter` of packages/contract/src/api/system.ts (path checked against it in a test). */
export const helpCenterCall = { method: 'GET', path: '/wps/system/helpCenter' } as const satisfies CallTarget;

/** Help items change only when an operator edits them: fresh for ten minutes. */
export const helpCenterQuery = () =>
  queryOptions({
    queryKey: ['system', 'help-center'],
    queryFn: ({ signal }) => apiRequest<HelpItem[]>(helpCenterCall, { signal }),
    staleTime: 10 * 60_000,
  });

/** An item's text in the active language, else in any language it has. */
export function localised(texts: Record<string, string>, language: string): string {
  return texts[language] ?? texts.en ?? Object.values(texts)[0] ?? '';
}
