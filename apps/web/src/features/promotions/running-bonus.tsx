import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { activeBonusQuery } from './api/promotions';
import { BonusProgressCard } from './bonus-progress';

/** Members-centre bonus details: the bonus being wagered with its progress, or the deposit match waiting for a deposit. */
export function RunningBonus() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const running = useQuery(activeBonusQuery(token, i18n.language));
  if (running.isPending || running.isError) return null;
  if (running.data.bonus) return <BonusProgressCard bonus={running.data.bonus} />;
  if (running.data.joined)
    return (
      <p className="rounded-xl border border-indigo-400/40 bg-indigo-950/30 p-4 text-sm text-slate-200">
        {t('promotions.deposit_offer.joined', { title: running.data.joined.title })}
      </p>
    );
  if (running.data.applying)
    return (
      <p className="rounded-xl border border-sky-400/40 bg-sky-950/30 p-4 text-sm text-slate-200" data-testid="bonus-applying">
        {t('promotions.bonus.applying', { title: running.data.applying.title })}
      </p>
    );
  return (
    <p className="text-sm text-slate-400">
      {t('promotions.bonus.none')}{' '}
      <Link to="/promotions" className="text-amber-300 underline">
        {t('routes.promotions')}
      </Link>
    </p>
  );
}
