import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9 pagination defaults. */
export const PAGINATION_DEFAULTS = { pageRange: 3, marginPages: 1 } as const;

export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The pages to show: `marginPages` at each end, `pageRange` around the current one, and a gap where pages are
 * left out (the react-paginate layout the original used).
 */
export function pageItems(
  current: number,
  total: number,
  pageRange = PAGINATION_DEFAULTS.pageRange,
  marginPages = PAGINATION_DEFAULTS.marginPages,
): PageItem[] {
  if (total <= pageRange + 2 * marginPages) {
    return Array.from({ length: total }, (_, index) => ({ type: 'page', page: index + 1 }));
  }
  let start = Math.max(1, current - Math.floor(pageRange / 2));
  const end = Math.min(total, start + pageRange - 1);
  start = Math.max(1, end - pageRange + 1);
  const shown = new Set<number>();
  for (let page = 1; page <= marginPages; page += 1) shown.add(page);
  for (let page = start; page <= end; page += 1) shown.add(page);
  for (let page = total - marginPages + 1; page <= total; page += 1) shown.add(page);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}

export interface PaginationLabels {
  /** Accessible name of the navigation landmark. */
  nav: string;
  previous: string;
  next: string;
  /** Accessible name of a page link, e.g. "Page 3". */
  page: (page: number) => string;
}

/** The site's words for the links; a list names its own landmark (e.g. "Record pages") where there are several. */
function usePaginationLabels(given: Partial<PaginationLabels> = {}): PaginationLabels {
  const { t } = useTranslation();
  return {
    nav: given.nav ?? t('pagination.nav'),
    previous: given.previous ?? t('pagination.previous'),
    next: given.next ?? t('pagination.next'),
    page: given.page ?? ((page) => t('pagination.page', { page })),
  };
}

/**
 * Page links inside a navigation landmark; the current page carries aria-current="page". `hrefFor` makes real
 * links (the page lives in the URL), `onNavigate` lets the caller route without a reload.
 */
export function Pagination({
  current,
  total,
  hrefFor,
  onNavigate,
  labels: givenLabels,
}: {
  current: number;
  total: number;
  hrefFor: (page: number) => string;
  onNavigate: (page: number) => void;
  labels?: Partial<PaginationLabels>;
}) {
  const labels = usePaginationLabels(givenLabels);
  if (total <= 1) return null;
  const link = (page: number, content: ReactNode, label: string, extra = '') => (
    <a
      href={hrefFor(page)}
      aria-label={label}
      aria-current={page === current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onNavigate(page);
      }}
      className={`grid h-10 min-w-10 place-items-center rounded-lg px-2 text-sm font-medium ${page === current ? 'bg-amber-400 text-slate-950' : 'border border-slate-700 text-slate-200 hover:bg-slate-800'} ${extra}`}
    >
      {content}
    </a>
  );
  const disabled = (content: ReactNode) => (
    <span
      aria-hidden="true"
      className="grid h-10 min-w-10 place-items-center rounded-lg border border-slate-800 px-2 text-slate-600"
    >
      {content}
    </span>
  );
  return (
    <nav aria-label={labels.nav}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>{current > 1 ? link(current - 1, '‹', labels.previous) : disabled('‹')}</li>
        {pageItems(current, total).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={item.page}>{link(item.page, item.page, labels.page(item.page))}</li>
          ),
        )}
        <li>{current < total ? link(current + 1, '›', labels.next) : disabled('›')}</li>
      </ul>
    </nav>
  );
}
