import { RunningBonus } from '../../promotions/running-bonus';
import { RecordsPage } from './records-page';

/** Members-centre page `bonusDetails`: the bonus being wagered, then every bonus credit. */
export default function BonusDetailsPage() {
  return (
    <div className="flex flex-col gap-4">
      <RunningBonus />
      <RecordsPage kind="bonuses" />
    </div>
  );
}
