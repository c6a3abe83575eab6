import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { vipQuery } from '../api/vip';
import { VipProgressCard } from './vip-progress';

/** Members-centre page `playerRank` (spec §2.4): the member's rank and progress, and the way to the whole ladder. */
export default function PlayerRankPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const overview = useQuery(vipQuery(token));
  if (overview.isPending) return <Loading />;
  if (overview.isError || !overview.data.member) return <LoadFailed onRetry={() => void overview.refetch()} />;
  return (
    <div className="flex flex-col gap-4" data-testid="player-rank">
      <h2 className="text-lg font-semibold text-slate-50">{t('vip.player_rank')}</h2>
      <VipProgressCard progress={overview.data.member} windowDays={overview.data.windowDays} />
      <Link to="/vip" className="self-start text-sm font-medium text-amber-300 underline underline-offset-4">
        {t('vip.see_ladder')}
      </Link>
    </div>
  );
}
