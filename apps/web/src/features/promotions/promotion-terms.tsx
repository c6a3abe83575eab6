import type { Promotion } from '@tessera/contract/api/promotions';
import { localDigits } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/use-money';
import { useCategoryName } from '../catalogue/category-name';

/** A promotion's terms as the player reads them: what it pays, what wagering it asks, and its limits. */
export function PromotionTerms({ promotion }: { promotion: Promotion }) {
  const { t, i18n } = useTranslation();
  const digits = (value: number) => localDigits(String(value), i18n.language);
  const money = useMoney();
  const categoryName = useCategoryName();
  const { terms } = promotion;
  const weights = Object.entries(terms.weights).filter(([, percent]) => percent > 0);
  if (promotion.type === 'rebate') return <RebateTerms promotion={promotion} />;
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-slate-700 bg-slate-900/60 p-4 text-sm">
      <h3 className="font-semibold text-slate-100">{t('promotions.terms.title')}</h3>
      <ul className="flex list-disc flex-col gap-1 ps-5 text-slate-300">
        <li>
          {terms.matchPercent !== null
            ? t('promotions.terms.match', { percent: digits(terms.matchPercent), cap: money.format(terms.bonusCapMinor) })
            : t('promotions.terms.fixed', { amount: money.format(terms.fixedBonusMinor ?? terms.bonusCapMinor) })}
        </li>
        {terms.minDepositMinor !== null && (
          <li>{t('promotions.terms.min_deposit', { amount: money.format(terms.minDepositMinor) })}</li>
        )}
        <li>
          {terms.wageringMultiplier === 0
            ? t('promotions.terms.no_wagering')
            : t(terms.wageringBase === 'bonus' ? 'promotions.terms.wagering_bonus' : 'promotions.terms.wagering_deposit_bonus', {
                times: digits(terms.wageringMultiplier),
              })}
        </li>
        {weights.length > 0 && (
          <li>
            {t('promotions.terms.weights', {
              list: weights.map(([category, percent]) => `${categoryName(category)} ${digits(percent)}%`).join(', '),
            })}
          </li>
        )}
        {terms.maxBetMinor !== null && <li>{t('promotions.terms.max_bet', { amount: money.format(terms.maxBetMinor) })}</li>}
        {terms.maxConversionMinor !== null && (
          <li>{t('promotions.terms.max_conversion', { amount: money.format(terms.maxConversionMinor) })}</li>
        )}
        <li>{t('promotions.terms.expiry', { hours: digits(terms.expiryHours) })}</li>
        {terms.audience === 'new' && <li>{t('promotions.terms.new_members', { days: digits(terms.newMemberDays) })}</li>}
        {terms.audience === 'vip' && <li>{t('promotions.terms.vip_members')}</li>}
        {(terms.audience === 'downline' || terms.audience === 'members') && <li>{t('promotions.terms.invited_members')}</li>}
        <li>{t('promotions.terms.forfeit')}</li>
      </ul>
    </section>
  );
}

/** A loss rebate's terms: the percent of the net loss each period in which games, from what loss, up to what, and how paid. */
function RebateTerms({ promotion }: { promotion: Promotion }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const categoryName = useCategoryName();
  const { terms } = promotion;
  const digits = (value: number) => localDigits(String(value), i18n.language);
  const percent = digits((terms.rebateBasisPoints ?? 0) / 100);
  const weights = Object.entries(terms.weights).filter(([, weight]) => weight > 0);
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-slate-700 bg-slate-900/60 p-4 text-sm">
      <h3 className="font-semibold text-slate-100">{t('promotions.terms.title')}</h3>
      <ul className="flex list-disc flex-col gap-1 ps-5 text-slate-300">
        <li>
          {t(terms.rebatePeriod === 'weekly' ? 'promotions.terms.rebate_weekly' : 'promotions.terms.rebate_daily', {
            percent,
            games: (terms.rebateCategories ?? []).map(categoryName).join(', '),
          })}
        </li>
        {terms.minLossMinor !== null && terms.minLossMinor !== undefined && (
          <li>{t('promotions.terms.rebate_min_loss', { amount: money.format(terms.minLossMinor) })}</li>
        )}
        <li>{t('promotions.terms.rebate_cap', { amount: money.format(terms.bonusCapMinor) })}</li>
        {terms.wageringMultiplier === 0 ? (
          <li>{t('promotions.terms.rebate_cash')}</li>
        ) : (
          <>
            <li>{t('promotions.terms.rebate_bonus', { times: digits(terms.wageringMultiplier) })}</li>
            {weights.length > 0 && (
              <li>
                {t('promotions.terms.weights', {
                  list: weights.map(([category, weight]) => `${categoryName(category)} ${digits(weight)}%`).join(', '),
                })}
              </li>
            )}
            <li>{t('promotions.terms.expiry', { hours: digits(terms.expiryHours) })}</li>
          </>
        )}
        {terms.audience === 'new' && <li>{t('promotions.terms.new_members', { days: digits(terms.newMemberDays) })}</li>}
        {terms.audience === 'vip' && <li>{t('promotions.terms.vip_members')}</li>}
        {(terms.audience === 'downline' || terms.audience === 'members') && <li>{t('promotions.terms.invited_members')}</li>}
        <li>{t('promotions.terms.rebate_protected')}</li>
      </ul>
    </section>
  );
}
