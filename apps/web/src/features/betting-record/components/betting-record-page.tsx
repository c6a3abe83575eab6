import { useQuery } from '@tanstack/react-query';
import type { BetRecord, BetStatus } from '@tessera/contract/api/betting-record';
import type { ParseKeys } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { FilterSelect } from '../../../ui/list-page/filter-select';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { RowList } from '../../../ui/list-page/row-list';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { RangePresets } from '../../../ui/range-presets';
import { useCategoryName } from '../../catalogue/category-name';
import { betsQuery } from '../api/queries';
import { betKindKey } from '../bet-kind';
import { useRange } from './use-range';

// The verify view carries the game engine: its own chunk, fetched when a player verifies a round.
const VerifyDialog = lazy(() => import('./verify-dialog'));

const STATUS_KEYS: Record<BetStatus, ParseKeys> = {
  settled: 'betting.status.settled',
  open: 'betting.status.open',
  refunded: 'betting.status.refunded',
};

/** URL parameters (the URL is state: a reload keeps the filters, the page and the round being verified). */
const PARAM = { range: 'brange', category: 'bcat', game: 'bgame', page: 'bpage', verify: 'bverify' } as const;

/** Members-centre page `personalHistoryCopy`: every round of every game, filtered by range, category and game. */
export default function BettingRecordPage() {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const token = useSession((state) => state.token);
  const { params, page, update, hrefFor, onNavigate } = useListParams(PARAM.page);
  const range = useRange(params.get(PARAM.range));
  const category = params.get(PARAM.category);
  const game = params.get(PARAM.game);
  const verifying = params.get(PARAM.verify);
  const bets = useQuery(
    betsQuery(token, i18n.language, {
      startTime: range.startTime,
      endTime: range.endTime,
      gameCategory: category,
      gameCode: game,
      page,
    }),
  );

  const games = bets.data?.games ?? [];
  const categories = [...new Set(games.map((item) => item.gameCategory).filter((item): item is string => item !== null))];

  return (
    <div className="flex flex-col gap-4" data-testid="betting-record">
      <h2 className="text-lg font-semibold text-slate-50">{t('betting.title')}</h2>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <RangePresets value={range.preset} onChange={(preset) => update({ [PARAM.range]: preset })} />
        <div className="grid grid-cols-2 gap-2 lg:w-96">
          <FilterSelect
            label={t('betting.category')}
            allLabel={t('betting.all_categories')}
            value={category}
            options={[...new Set([...categories, ...(category ? [category] : [])])].map((option) => ({
              value: option,
              label: categoryName(option),
            }))}
            onChange={(value) => update({ [PARAM.category]: value, [PARAM.game]: null })}
          />
          <FilterSelect
            label={t('betting.game')}
            allLabel={t('betting.all_games')}
            value={game}
            options={games
              .filter((item) => !category || item.gameCategory === category)
              .map((item) => ({ value: item.gameCode, label: item.gameName }))}
            onChange={(value) => update({ [PARAM.game]: value })}
          />
        </div>
      </div>
      <ListStates
        query={bets}
        isEmpty={(data) => data.content.length === 0}
        empty={<EmptyState title={t('betting.empty')} text={t('betting.empty_hint')} />}
      >
        {(data) => (
          <>
            <Summary bet={data.summary.betMinor} win={data.summary.winMinor} rounds={data.summary.rounds} />
            <BetList bets={data.content} onVerify={(roundId) => update({ [PARAM.verify]: roundId }, true)} />
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
      {verifying && /^[1-9][0-9]{0,18}$/.test(verifying) && (
        <Suspense fallback={null}>
          <VerifyDialog
            roundId={verifying}
            gameNameOf={(code) => games.find((item) => item.gameCode === code)?.gameName}
            onClose={() => update({ [PARAM.verify]: null }, true)}
          />
        </Suspense>
      )}
    </div>
  );
}

function Summary({ bet, win, rounds }: { bet: string; win: string; rounds: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const profit = BigInt(win) - BigInt(bet);
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-2xl border border-slate-700 bg-slate-900 p-3 text-sm">
      <div>
        <dt className="text-xs text-slate-400">{t('betting.rounds', { count: rounds })}</dt>
        <dd className="font-semibold tabular-nums">{money.format(bet)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-400">{t('betting.win')}</dt>
        <dd className="font-semibold tabular-nums">{money.format(win)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-400">{t('betting.profit')}</dt>
        <dd className={`font-semibold tabular-nums ${profit < 0n ? 'text-rose-300' : 'text-emerald-300'}`}>
          {profit < 0n ? '−' : '+'}
          {money.format((profit < 0n ? -profit : profit).toString())}
        </dd>
      </div>
    </dl>
  );
}

/** The row's kind beside the game's name: an instant game by its own label, any other game by its category. */
function BetKind({ bet, categoryName }: { bet: BetRecord; categoryName: (code: string) => string }) {
  const { t } = useTranslation();
  const kindKey = betKindKey(bet.gameClassify);
  const label = kindKey ? t(kindKey) : bet.gameCategory ? categoryName(bet.gameCategory) : null;
  return label ? <span className="ms-2 text-xs text-slate-400">{label}</span> : null;
}

function BetList({ bets, onVerify }: { bets: BetRecord[]; onVerify: (roundId: string) => void }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const money = useMoney();
  return (
    <RowList label={t('betting.list')} rows={bets} rowKey={(bet) => `${bet.vendor}-${bet.roundId}`} rowTestId="bet-row">
      {(bet) => (
        <>
          <span className="min-w-0 truncate font-medium text-slate-100">
            {bet.gameName}
            <BetKind bet={bet} categoryName={categoryName} />
          </span>
          <span className="text-end tabular-nums text-slate-200">
            {t('betting.stake_win', { bet: money.format(bet.betMinor), win: money.format(bet.winMinor) })}
          </span>
          <span className="text-xs text-slate-400">
            {formatDateTime(bet.time)} · {t('betting.round_id', { roundId: bet.roundId })}
            {bet.playMoney && ` · ${t('wallet.balance.play_money')}`}
          </span>
          <span className="flex items-center justify-end gap-2 text-xs">
            <span className={bet.status === 'open' ? 'text-amber-300' : 'text-slate-400'}>{t(STATUS_KEYS[bet.status])}</span>
            {bet.verifiable && (
              <button
                type="button"
                onClick={() => onVerify(bet.roundId)}
                className="min-h-8 rounded-md border border-slate-600 px-2 text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
                aria-label={t('betting.verify_round', { roundId: bet.roundId })}
              >
                {t('betting.verify')}
              </button>
            )}
          </span>
        </>
      )}
    </RowList>
  );
}
