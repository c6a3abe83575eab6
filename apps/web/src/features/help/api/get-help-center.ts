import { queryOptions } from '@tanstack/react-query';
import * as systemRoutes from '@tessera/contract/routes/system';
import { apiRequest } from '../../../lib/api-client';

/** Help items change only when an operator edits them: fresh for ten minutes. */
export const helpCenterQuery = () =>
  queryOptions({
    queryKey: ['system', 'help-center'],
    queryFn: ({ signal }) => apiRequest(systemRoutes.getHelpCenter, { signal }),
    staleTime: 10 * 60_000,
  });

/** An item's text in the active language, else in any language it has. */
export function localised(texts: Record<string, string>, language: string): string {
  return texts[language] ?? texts.en ?? Object.values(texts)[0] ?? '';
}
