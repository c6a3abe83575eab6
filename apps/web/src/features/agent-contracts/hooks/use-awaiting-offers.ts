import { useQuery } from '@tanstack/react-query';
import { CONSOLIDATED_FIELDS, CONTRACT_KINDS, type ContractKind } from '@tessera/contract/agent-contracts';
import { isAgentType } from '../../../lib/agent-centre';
import { useSession } from '../../../lib/session';
import { contractSettingsQuery } from '../api/queries';

/** The contract kinds with an offer waiting for the agent's answer (none while loading or when the call fails). */
export function useAwaitingOffers(): ReadonlySet<ContractKind> {
  const token = useSession((state) => state.token);
  const isAgent = useSession((state) => isAgentType(state.agentType));
  const settings = useQuery({ ...contractSettingsQuery(token), enabled: token !== null && isAgent });
  const data = settings.data;
  if (!data) return new Set();
  return new Set(CONTRACT_KINDS.filter((kind) => data[CONSOLIDATED_FIELDS[kind]].awaitingAnswer));
}
