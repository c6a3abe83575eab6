import { ContractsPage } from './contracts-page';

/** Agent-centre page `agentDailySalary` (spec 2.5). */
export default function DailySalaryPage() {
  return <ContractsPage kind="dailySalary" />;
}
