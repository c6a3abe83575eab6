import { RecordsPage } from './records-page';

/** Members-centre page `bonusDetails`. */
export default function BonusDetailsPage() {
  return <RecordsPage kind="bonuses" />;
}
