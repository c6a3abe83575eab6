import type { ContractKind } from '@tessera/contract/agent-contracts';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { WhitelabelNode } from '@tessera/contract/settings';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAwaitingOffers } from '../../features/agent-contracts/hooks/use-awaiting-offers';
import { AGENT_CENTRE_PARAM, type AgentCentrePageKey, isAgentType } from '../../lib/agent-centre';
import { passesGate } from '../../lib/gated-action';
import { useModals } from '../../lib/modal-store';
import { useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { CentreOverlay } from '../../ui/centre-overlay';
import { Loading } from '../../ui/list-page/list-states';
import { AGENT_CENTRE_ENTRIES, DEFAULT_AGENT_CENTRE_PAGE } from './entries';
import { AGENT_CENTRE_PAGES } from './pages';

/**
 * The entries this merchant offers and this build has a page for, in the spec's order; a contract entry carries a
 * badge while an offer of its kind waits for the agent's answer.
 */
function useEntries() {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  const awaiting = useAwaitingOffers();
  const tree = info.whitelabel as WhitelabelNode;
  return AGENT_CENTRE_ENTRIES.filter(
    (entry) => entry.page in AGENT_CENTRE_PAGES && (entry.feature === null || isFeatureEnabled(tree, FEATURES[entry.feature])),
  ).map((entry) => ({
    ...entry,
    badge: entry.feature !== null && awaiting.has(entry.feature as ContractKind) ? t('agents.offer_badge') : undefined,
  }));
}

/**
 * The agent centre (spec 2.5): an overlay opened by `?ac=<pageKey>`, left menu and right content, default page the
 * team overview. Only agents (types 1, 2, 41, 42) see it: a typed or stale link of anyone else drops the parameter
 * and gets the gate's answer (login popup, real-account warning, or 'Non-agents cannot log in').
 */
export function AgentCentre() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = useSession((state) => state.token);
  const agentType = useSession((state) => state.agentType);
  const entries = useEntries();
  const requested = params.get(AGENT_CENTRE_PARAM);
  const isAllowed = token !== null && isAgentType(agentType);
  const page: AgentCentrePageKey | null =
    entries.find((entry) => entry.page === requested)?.page ??
    entries.find((entry) => entry.page === DEFAULT_AGENT_CENTRE_PAGE)?.page ??
    entries[0]?.page ??
    null;

  const setPage = (next: AgentCentrePageKey | null) =>
    setParams(
      (current) => {
        if (next === null) current.delete(AGENT_CENTRE_PARAM);
        else current.set(AGENT_CENTRE_PARAM, next);
        return current;
      },
      { replace: next !== null },
    );

  useEffect(() => {
    if (requested === null || isAllowed) return;
    setParams(
      (current) => {
        current.delete(AGENT_CENTRE_PARAM);
        return current;
      },
      { replace: true },
    );
    if (passesGate()) useModals.getState().open('accountWarning', { messageKey: 'errors.agent_not_agent' });
  }, [requested, isAllowed, setParams]);

  if (requested === null || !isAllowed || page === null) return null;
  const Page = AGENT_CENTRE_PAGES[page];

  return (
    <CentreOverlay
      title={t('agents.title')}
      closeLabel={t('agents.close')}
      entriesLabel={t('agents.entries')}
      testId="agent-centre"
      entries={entries}
      page={page}
      onPage={setPage}
      onClose={() => setPage(null)}
      fallback={<Loading />}
    >
      {Page && <Page />}
    </CentreOverlay>
  );
}
