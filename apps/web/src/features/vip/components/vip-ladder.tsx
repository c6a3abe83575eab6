import type { VipLevelView } from '@tessera/contract/api/loyalty';
import { formatInteger, localDigits } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money';
import { DataTable } from '../../../ui/list-page/data-table';

const percent = (basisPoints: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);

/** The merchant's levels: what reaches each, what keeps it, and what it brings. */
export function VipLadder({ levels, current }: { levels: VipLevelView[]; current: number | null }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const needs = (level: VipLevelView) => {
    const parts = [
      ...(level.minValidBetMinor !== '0' ? [t('vip.need_bets', { amount: money.format(level.minValidBetMinor) })] : []),
      ...(level.minDepositMinor !== '0' ? [t('vip.need_deposits', { amount: money.format(level.minDepositMinor) })] : []),
    ];
    if (parts.length === 0) return t('vip.need_nothing');
    return parts.join(level.qualifyBy === 'any' ? ` ${t('vip.or')} ` : ` ${t('vip.and')} `);
  };
  const benefits = (level: VipLevelView) =>
    [
      ...(level.upgradeBonusMinor !== '0' ? [t('vip.upgrade_bonus', { amount: money.format(level.upgradeBonusMinor) })] : []),
      ...(level.monthlyBonusMinor !== '0' ? [t('vip.monthly_bonus', { amount: money.format(level.monthlyBonusMinor) })] : []),
      ...(level.cashbackExtraBasisPoints > 0
        ? [t('vip.cashback_extra', { rate: percent(level.cashbackExtraBasisPoints, i18n.language) })]
        : []),
      ...(level.withdrawalDailyMaxMinor !== '0'
        ? [t('vip.withdrawal_limit', { amount: money.format(level.withdrawalDailyMaxMinor) })]
        : []),
      ...(level.withdrawalDailyCount > 0
        ? [t('vip.withdrawal_count', { requests: formatInteger(level.withdrawalDailyCount, i18n.language) })]
        : []),
      ...(level.vipService ? [t('vip.service_benefit')] : []),
    ].join(' · ') || '—';
  return (
    <DataTable
      caption={t('vip.ladder')}
      minWidth="36rem"
      rows={levels}
      rowKey={(level) => String(level.rankLevel)}
      columns={[
        {
          key: 'level',
          header: t('vip.level'),
          isRowHeader: true,
          cell: (level) => (
            <span className={level.rankLevel === current ? 'font-semibold text-amber-300' : 'font-semibold'}>
              {localDigits(level.labelName, i18n.language)}
              {level.rankLevel === current && <span className="ms-2 text-xs">{t('vip.you_are_here')}</span>}
            </span>
          ),
        },
        { key: 'needs', header: t('vip.reach'), cell: needs },
        {
          key: 'keep',
          header: t('vip.keep'),
          cell: (level) =>
            level.keepValidBetMinor === '0'
              ? t('vip.kept')
              : t('vip.need_bets', { amount: money.format(level.keepValidBetMinor) }),
        },
        { key: 'benefits', header: t('vip.benefits'), cell: benefits },
      ]}
    />
  );
}
