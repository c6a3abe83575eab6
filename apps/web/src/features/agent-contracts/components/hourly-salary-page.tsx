import { ContractsPage } from './contracts-page';

/** Agent-centre page `agentHourlySalary` (spec 2.5). */
export default function HourlySalaryPage() {
  return <ContractsPage kind="hourlySalary" />;
}
