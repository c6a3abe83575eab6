import { RecordsPage } from './records-page';

/** Members-centre page `transactionHistory` (account record). */
export default function TransactionHistoryPage() {
  return <RecordsPage kind="transactions" />;
}
