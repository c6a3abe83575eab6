import { useQuery } from '@tanstack/react-query';
import type { RecordEntry, RecordType } from '@tessera/contract/api/records';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset, DEFAULT_PRESET, isDatePreset, presetRange } from '../../../lib/date-presets';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { FilterSelect } from '../../../ui/list-page/filter-select';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { RowList } from '../../../ui/list-page/row-list';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { useCategoryName } from '../../catalogue/category-name';
import { recordsQuery } from '../api/records';

export const TYPE_KEYS: Record<RecordType, ParseKeys> = {
  deposit: 'records.type.deposit',
  withdrawal: 'records.type.withdrawal',
  wallet_transfer: 'records.type.wallet_transfer',
  member_transfer: 'records.type.member_transfer',
  bet: 'records.type.bet',
  win: 'records.type.win',
  refund: 'records.type.refund',
  rebate: 'records.type.rebate',
  bonus: 'records.type.bonus',
  adjustment: 'records.type.adjustment',
  points: 'records.type.points',
};
/** Points are no money: they have their own details screen in the points mall, so the account record never lists them. */
const TYPES: readonly RecordType[] = (Object.keys(TYPE_KEYS) as RecordType[]).filter((type) => type !== 'points');
const PRESET_KEYS: Record<DatePreset, ParseKeys> = {
  today: 'records.preset.today',
  yesterday: 'records.preset.yesterday',
  previous7: 'records.preset.previous7',
  previous30: 'records.preset.previous30',
};
const STATE_KEYS: Record<RecordEntry['state'], ParseKeys> = {
  pending: 'records.state.pending',
  posted: 'records.state.posted',
  voided: 'records.state.voided',
};

const WALLET_KEYS: Record<string, ParseKeys> = {
  main: 'records.wallet.main',
  bonus: 'records.wallet.bonus',
  points: 'records.wallet.points',
};

/** URL parameters of the filters (the URL is state: a reload keeps them). */
const PARAM = { type: 'rtype', range: 'rrange', page: 'rpage' } as const;

/**
 * The account record (`transactionHistory`: every ledger entry, with a type filter) and the bonus details
 * (`bonusDetails`: bonuses and rebates paid), with the date presets and paging.
 */
export function RecordsPage({ kind }: { kind: 'transactions' | 'bonuses' }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const { params, page, update, hrefFor, onNavigate } = useListParams(PARAM.page);
  const rawType = params.get(PARAM.type);
  const type = kind === 'transactions' && TYPES.includes(rawType as RecordType) ? (rawType as RecordType) : null;
  const rawRange = params.get(PARAM.range);
  const preset: DatePreset = isDatePreset(rawRange) ? rawRange : DEFAULT_PRESET;
  // The range is fixed when the preset is chosen, so paging does not shift it under the player.
  const [range, setRange] = useState(() => ({ preset, ...presetRange(preset) }));
  const current = range.preset === preset ? range : { preset, ...presetRange(preset) };
  if (current !== range) setRange(current);
  const records = useQuery(
    recordsQuery(kind, token, { startTime: current.startTime, endTime: current.endTime, types: type, page }),
  );

  return (
    <div className="flex flex-col gap-4" data-testid={`records-${kind}`}>
      <h2 className="text-lg font-semibold text-slate-50">
        {t(kind === 'transactions' ? 'records.title.transactions' : 'records.title.bonuses')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-200">{t('records.range')}</legend>
          {DATE_PRESETS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === preset}
              onClick={() => update({ [PARAM.range]: option })}
              className={`min-h-10 rounded-lg border px-3 text-sm focus-visible:outline-2 focus-visible:outline-amber-300 ${option === preset ? 'border-amber-400 bg-amber-400/10 text-amber-100' : 'border-slate-700 text-slate-200 hover:bg-slate-800'}`}
            >
              {t(PRESET_KEYS[option])}
            </button>
          ))}
        </fieldset>
        {kind === 'transactions' && (
          <div className="sm:w-56">
            <FilterSelect
              label={t('records.type_filter')}
              allLabel={t('records.all_types')}
              value={type}
              options={TYPES.map((option) => ({ value: option, label: t(TYPE_KEYS[option]) }))}
              onChange={(value) => update({ [PARAM.type]: value })}
            />
          </div>
        )}
      </div>
      <ListStates
        query={records}
        isEmpty={(data) => data.content.length === 0}
        empty={
          <EmptyState
            title={t('records.empty')}
            text={t(kind === 'transactions' ? 'records.empty_hint' : 'records.empty_hint_range')}
          />
        }
      >
        {(data) => (
          <>
            <RecordList entries={data.content} />
            <Pagination
              current={data.page}
              total={data.totalPages}
              hrefFor={hrefFor}
              onNavigate={onNavigate}
              labels={{ nav: t('records.pages') }}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}

function RecordList({ entries }: { entries: RecordEntry[] }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const money = useMoney();
  const wallet = (name: string) => {
    const key = WALLET_KEYS[name];
    return key ? t(key) : t('records.wallet.vendor', { vendor: name.replace(/^vendor:/, '') });
  };
  return (
    <RowList label={t('records.list')} rows={entries} rowKey={(entry) => `${entry.txId}-${entry.wallet}`} rowTestId="record-row">
      {(entry) => {
        const isCredit = !entry.amountMinor.startsWith('-');
        return (
          <>
            <span className="font-medium text-slate-100">
              {t(TYPE_KEYS[entry.type])}
              {entry.gameCategory && <span className="ml-2 text-xs text-slate-400">{categoryName(entry.gameCategory)}</span>}
            </span>
            <span className={`text-right font-semibold tabular-nums ${isCredit ? 'text-emerald-300' : 'text-rose-300'}`}>
              {isCredit ? '+' : '−'}
              {money.format(isCredit ? entry.amountMinor : entry.amountMinor.slice(1))}
            </span>
            <span className="text-xs text-slate-400">
              {formatDateTime(entry.txTime)} · {wallet(entry.wallet)}
              {entry.orderNo && ` · ${t('records.order_no', { orderNo: entry.orderNo })}`}
            </span>
            <span className="text-right text-xs text-slate-400">
              {entry.state === 'posted' && entry.balanceAfterMinor !== null
                ? t('records.balance_after', { amount: money.format(entry.balanceAfterMinor) })
                : t(STATE_KEYS[entry.state])}
            </span>
          </>
        );
      }}
    </RowList>
  );
}
