import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Empty, ErrorNotice, Loading } from './states';

/**
 * A server list's states in one place: loading, the failure with a retry, nothing to list, or the rows with their
 * count. `needs` are other reads the rows cannot show without (the currency of their amounts).
 */
export function QueryView<Data>({
  query,
  needs = [],
  isEmpty,
  empty,
  count,
  children,
}: {
  query: UseQueryResult<Data, Error>;
  needs?: readonly UseQueryResult<unknown, Error>[];
  isEmpty: (data: Data) => boolean;
  empty: ReactNode;
  count?: (data: Data) => string;
  children: (data: Data) => ReactNode;
}) {
  const all = [query, ...needs];
  if (all.some((read) => read.isPending)) return <Loading />;
  const failed = all.find((read) => read.isError);
  if (failed) return <ErrorNotice error={failed.error} onRetry={() => void failed.refetch()} />;
  if (query.data === undefined) return <Loading />;
  if (isEmpty(query.data)) return <Empty>{empty}</Empty>;
  return (
    <>
      {count && (
        <p className="lead" aria-live="polite">
          {count(query.data)}
        </p>
      )}
      {children(query.data)}
    </>
  );
}

/**
 * A table that scrolls sideways inside its frame on a narrow screen instead of widening the page (the frame a named
 * region the keyboard can reach and scroll), with a caption for screen readers, busy while the rows shown are the previous answer's and a new one loads.
 */
export function DataTable({
  caption,
  head,
  busy = false,
  foot,
  className,
  children,
}: {
  caption: string;
  head: ReactNode;
  foot?: ReactNode;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A frame that scrolls must be reachable by keyboard to scroll it, and named for the screen reader that lands on it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable on purpose (WCAG 2.1.1)
    <section className="table-wrap" aria-label={caption} tabIndex={0}>
      <table className={className} aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </section>
  );
}
