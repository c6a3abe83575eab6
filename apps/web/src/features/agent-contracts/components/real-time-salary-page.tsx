import { ContractsPage } from './contracts-page';

/** Agent-centre page `agentRealTimeSalary` (spec 2.5). */
export default function RealTimeSalaryPage() {
  return <ContractsPage kind="realTimeSalary" />;
}
