import { ContractsPage } from './contracts-page';

/** Agent-centre page `agentDividend` (spec 2.5). */
export default function DividendPage() {
  return <ContractsPage kind="dividend" />;
}
