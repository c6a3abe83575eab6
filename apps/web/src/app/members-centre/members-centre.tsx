import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TRIAL_AGENT_TYPE } from '../../lib/gated-action';
import {
  DEFAULT_MEMBERS_CENTRE_PAGE,
  MEMBERS_CENTRE_ENTRIES,
  MEMBERS_CENTRE_PARAM,
  type MembersCentrePageKey,
} from '../../lib/members-centre';
import { useSession } from '../../lib/session';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { MEMBERS_CENTRE_PAGES } from './pages';

const isRegistered = (page: string | null): page is MembersCentrePageKey => page !== null && page in MEMBERS_CENTRE_PAGES;

/** The page to show for `?mc=`: the one asked for when it exists, else the default, else the first registered. */
export function resolvePage(requested: string | null): MembersCentrePageKey | null {
  if (isRegistered(requested)) return requested;
  if (isRegistered(DEFAULT_MEMBERS_CENTRE_PAGE)) return DEFAULT_MEMBERS_CENTRE_PAGE;
  return MEMBERS_CENTRE_ENTRIES.find((entry) => isRegistered(entry.page))?.page ?? null;
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-60 place-items-center">
      <Spinner />
      <span className="sr-only">{t('app.screen_loading')}</span>
    </div>
  );
}

/**
 * The members centre (spec §2.4): an overlay opened by `?mc=<pageKey>` for a logged-in, non-trial account (the
 * gated entry points check it before setting the parameter; this checks again for a typed or stale URL). Phone:
 * entries as a scrollable strip above the page; desktop: a left panel beside it.
 */
export function MembersCentre() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = useSession((state) => state.token);
  const agentType = useSession((state) => state.agentType);
  const requested = params.get(MEMBERS_CENTRE_PARAM);
  const isAllowed = token !== null && agentType !== TRIAL_AGENT_TYPE;
  const page = resolvePage(requested);

  const setPage = (next: MembersCentrePageKey | null) =>
    setParams(
      (current) => {
        if (next === null) current.delete(MEMBERS_CENTRE_PARAM);
        else current.set(MEMBERS_CENTRE_PARAM, next);
        return current;
      },
      { replace: next !== null },
    );

  // A stale or shared link after logout, or a trial account: drop the parameter instead of showing the overlay.
  useEffect(() => {
    if (requested !== null && (!isAllowed || page === null)) {
      setParams(
        (current) => {
          current.delete(MEMBERS_CENTRE_PARAM);
          return current;
        },
        { replace: true },
      );
    }
  }, [requested, isAllowed, page, setParams]);

  if (requested === null || !isAllowed || page === null) return null;
  const Page = MEMBERS_CENTRE_PAGES[page];
  const entries = MEMBERS_CENTRE_ENTRIES.filter((entry) => isRegistered(entry.page));

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) setPage(null);
      }}
      title={t('members_centre.title')}
      closeLabel={t('members_centre.close')}
      width={1100}
      height={800}
    >
      <div className="flex flex-col gap-4 md:flex-row" data-testid="members-centre">
        <nav
          aria-label={t('members_centre.entries')}
          className="-mx-5 -mt-4 border-b border-slate-800 md:m-0 md:w-52 md:shrink-0 md:border-0"
        >
          <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:overflow-visible md:p-0">
            {entries.map((entry) => {
              const isActive = entry.page === page;
              return (
                <li key={entry.page} className="shrink-0">
                  <button
                    type="button"
                    aria-current={isActive ? 'page' : undefined}
                    onClick={() => setPage(entry.page)}
                    className={`min-h-10 w-full rounded-lg px-3 text-start text-sm whitespace-nowrap ${isActive ? 'bg-amber-400 font-semibold text-slate-950' : 'text-slate-200 hover:bg-slate-800'}`}
                  >
                    {t(entry.label)}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section
          className="min-w-0 flex-1"
          aria-label={t(MEMBERS_CENTRE_ENTRIES.find((e) => e.page === page)?.label ?? 'members_centre.title')}
        >
          <Suspense fallback={<PageLoading />}>{Page && <Page />}</Suspense>
        </section>
      </div>
    </Dialog>
  );
}
