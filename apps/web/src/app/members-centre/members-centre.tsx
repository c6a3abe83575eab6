import { localDigits } from '@tessera/contract/money-format';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TRIAL_AGENT_TYPE } from '../../lib/gated-action';
import {
  DEFAULT_MEMBERS_CENTRE_PAGE,
  MEMBERS_CENTRE_ENTRIES,
  MEMBERS_CENTRE_PARAM,
  type MembersCentrePageKey,
} from '../../lib/members-centre';
import { useClaimableMissions } from '../../lib/missions';
import { useSession } from '../../lib/session';
import { CentreOverlay } from '../../ui/centre-overlay';
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
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const claimable = useClaimableMissions();
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
  // Spec §2.4: "mission activity" carries the count of rewards to claim while above 0.
  const entries = MEMBERS_CENTRE_ENTRIES.filter((entry) => isRegistered(entry.page)).map((entry) =>
    entry.page === 'missionLeaderboard' && claimable > 0
      ? { ...entry, badge: localDigits(String(claimable), i18n.language) }
      : entry,
  );

  return (
    <CentreOverlay
      title={t('members_centre.title')}
      closeLabel={t('members_centre.close')}
      entriesLabel={t('members_centre.entries')}
      testId="members-centre"
      entries={entries}
      page={page}
      onPage={setPage}
      onClose={() => setPage(null)}
      fallback={<PageLoading />}
    >
      {Page && <Page />}
    </CentreOverlay>
  );
}
