import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AGENT_CENTRE_PARAM } from '../../lib/agent-centre';

const AgentCentre = lazy(() => import('./agent-centre').then((m) => ({ default: m.AgentCentre })));

/** Loads the agent centre's chunk only when `?ac=` asks for it; nothing shows until it has loaded (spec 2.5). */
export function AgentCentreHost() {
  const [params] = useSearchParams();
  if (!params.has(AGENT_CENTRE_PARAM)) return null;
  return (
    <Suspense fallback={null}>
      <AgentCentre />
    </Suspense>
  );
}
