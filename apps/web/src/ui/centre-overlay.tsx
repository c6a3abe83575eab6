import type { ParseKeys } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

export interface CentreEntry<Page extends string> {
  page: Page;
  label: ParseKeys;
  /** A short word beside the label that asks for attention (an offer waiting), part of the entry's name. */
  badge?: string;
}

/**
 * The spec's centre overlays (members centre, agent centre): a dialog with the entries on the left (a scrolling row
 * on a phone), the active one marked as the current page, and the chosen page on the right.
 */
export function CentreOverlay<Page extends string>({
  title,
  closeLabel,
  entriesLabel,
  testId,
  entries,
  page,
  onPage,
  onClose,
  fallback,
  children,
}: {
  title: string;
  closeLabel: string;
  entriesLabel: string;
  testId: string;
  entries: readonly CentreEntry<Page>[];
  page: Page;
  onPage: (page: Page) => void;
  onClose: () => void;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const active = entries.find((entry) => entry.page === page);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      closeLabel={closeLabel}
      width={1100}
      height={800}
    >
      <div className="flex flex-col gap-4 md:flex-row" data-testid={testId}>
        <nav aria-label={entriesLabel} className="-mx-5 -mt-4 border-b border-slate-800 md:m-0 md:w-52 md:shrink-0 md:border-0">
          <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:overflow-visible md:p-0">
            {entries.map((entry) => {
              const isActive = entry.page === page;
              return (
                <li key={entry.page} className="shrink-0">
                  <button
                    type="button"
                    aria-current={isActive ? 'page' : undefined}
                    onClick={() => onPage(entry.page)}
                    className={`min-h-10 w-full rounded-lg px-3 text-start text-sm whitespace-nowrap ${isActive ? 'bg-amber-400 font-semibold text-slate-950' : 'text-slate-200 hover:bg-slate-800'}`}
                  >
                    {t(entry.label)}
                    {entry.badge && (
                      <span
                        className="ms-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white"
                        data-testid="entry-badge"
                      >
                        {entry.badge}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className="min-w-0 flex-1" aria-label={active ? t(active.label) : title}>
          <Suspense fallback={fallback}>{children}</Suspense>
        </section>
      </div>
    </Dialog>
  );
}
