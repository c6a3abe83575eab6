import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { Spinner } from '../spinner';

/** While a list (or the screen around it) loads: a spinner with its name for screen readers. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-40 place-items-center">
      <Spinner />
      <span className="sr-only">{t('app.screen_loading')}</span>
    </div>
  );
}

/** A load that failed: what failed (`text`, a message key) and a way to try again. */
export function LoadFailed({ onRetry, text = 'app.load_failed' }: { onRetry: () => void; text?: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-rose-300">
      {t(text)}
      <Button variant="secondary" onClick={onRetry}>
        {t('app.boot.retry')}
      </Button>
    </div>
  );
}

/** The part of a query a list needs to choose what to show. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The four states of a list screen in one place: loading (a spinner unless `loading` shapes it), failed (with a
 * retry), empty (`empty`, usually an `EmptyState`) and the rows (`children`, given the loaded data).
 */
export function ListStates<T>({
  query,
  isEmpty,
  empty,
  loading,
  failedText,
  children,
}: {
  query: ListQuery<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  loading?: ReactNode;
  failedText?: ParseKeys;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading ?? <Loading />;
  if (query.isError || query.data === undefined) return <LoadFailed text={failedText} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return empty;
  return children(query.data);
}
