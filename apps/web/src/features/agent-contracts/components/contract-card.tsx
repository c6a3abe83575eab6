import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { Contract } from '@tessera/contract/api/agent-contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { FIELD_LABELS, fieldsOf, showValue } from './tiers';

export type ContractAction = 'accept' | 'reject' | 'terminate' | 'withdraw';

const STATUS_STYLE: Record<Contract['status'], string> = {
  offered: 'border-amber-400/50 bg-amber-400/10 text-amber-200',
  active: 'border-emerald-400/50 bg-emerald-400/10 text-emerald-200',
  ending: 'border-sky-400/50 bg-sky-400/10 text-sky-200',
  ended: 'border-slate-600 bg-slate-800 text-slate-300',
  rejected: 'border-slate-600 bg-slate-800 text-slate-300',
  withdrawn: 'border-slate-600 bg-slate-800 text-slate-300',
};

/** What the caller may do with a contract: the downline answers an offer, either side ends one in force. */
export function actionsFor(contract: Contract, side: 'received' | 'offered'): ContractAction[] {
  if (contract.status === 'offered') return side === 'received' ? ['accept', 'reject'] : ['withdraw'];
  return contract.status === 'active' ? ['terminate'] : [];
}

/** One contract: parties, status, period, dates and tiers, with the actions the caller may take. */
export function ContractCard({
  contract,
  kind,
  side,
  onAction,
}: {
  contract: Contract;
  kind: ContractKind;
  side: 'received' | 'offered';
  onAction: (contract: Contract, action: ContractAction) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const fields = fieldsOf(kind);
  const actions = actionsFor(contract, side);
  const waiting = contract.status === 'active' && contract.effectiveFrom !== null && contract.effectiveFrom > Date.now();
  const dates: [ParseKeys, number | null][] = [
    ['contracts.offered_at', contract.offeredAt],
    ['contracts.effective_from', contract.effectiveFrom],
    ['contracts.effective_to', contract.effectiveTo],
  ];
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4 text-sm"
      data-testid="contract"
      data-status={contract.status}
      aria-label={t('contracts.card_label', { upline: contract.upline, downline: contract.downline })}
    >
      <header className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 break-words font-semibold text-slate-50">
          {side === 'received'
            ? t('contracts.from_upline', { account: contract.upline })
            : t('contracts.to_downline', { account: contract.downline })}
        </p>
        <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[contract.status]}`}>
          {t(`contracts.status.${contract.status}`)}
        </span>
      </header>
      {waiting && <p className="text-xs text-sky-200">{t('contracts.waiting_start')}</p>}
      {contract.endReason && contract.status !== 'offered' && (
        <p className="text-xs text-slate-300">{t(`contracts.end_reason.${contract.endReason}`)}</p>
      )}
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-400">{t('contracts.period_label')}</dt>
          <dd>{t(`contracts.period.${contract.period}`)}</dd>
        </div>
        {dates.map(([label, at]) =>
          at === null ? null : (
            <div key={label}>
              <dt className="text-xs text-slate-400">{t(label)}</dt>
              <dd className="tabular-nums">{formatDateTime(at)}</dd>
            </div>
          ),
        )}
      </dl>
      {/* A narrow screen scrolls the tiers sideways: the region takes focus so a keyboard can scroll it too. */}
      <section
        className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-amber-300"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={t('contracts.tiers_of', { upline: contract.upline, downline: contract.downline })}
      >
        <table className="w-full min-w-max border-collapse text-left text-xs">
          <caption className="sr-only">{t('contracts.tiers')}</caption>
          <thead>
            <tr className="text-slate-400">
              <th scope="col" className="py-1 pe-3 font-medium">
                {t('contracts.tier')}
              </th>
              {fields.map((name) => (
                <th key={name} scope="col" className="py-1 pe-3 font-medium">
                  {t(FIELD_LABELS[name] as ParseKeys)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {contract.tiers.map((tier, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no id; their order is their identity
              <tr key={index} className="border-t border-slate-800">
                <th scope="row" className="py-1 pe-3 font-medium text-slate-300">
                  {index + 1}
                </th>
                {fields.map((name) => (
                  <td key={name} className="py-1 pe-3 tabular-nums text-slate-100">
                    {showValue(tier, name, money.format)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'accept' ? 'primary' : 'secondary'}
              onClick={() => onAction(contract, action)}
            >
              {t(`contracts.action.${action}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
