import { useQuery } from '@tanstack/react-query';
import { TEAM_BET_GROUPINGS } from '@tessera/contract/routes/agents';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { AGENT_REPORT_PAGE_SIZE, teamBettingQuery } from '../api/queries';
import { AccountSearch, RangeBar, Totals, toneOf, useReportParams, useSignedMoney } from './report-kit';

const PARAM = { page: 'bpage', group: 'bgroup', q: 'bq' } as const;
type Grouping = (typeof TEAM_BET_GROUPINGS)[number];
const isGrouping = (value: string | null): value is Grouping => TEAM_BET_GROUPINGS.includes(value as Grouping);

/**
 * Agent-centre page `agentTeamBetting` (spec 2.5): the real-money bets of the team in the chosen days, by member, game or
 * provider, largest valid bets first, paged on the server, with the range's totals.
 */
export default function TeamBettingPage() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const signed = useSignedMoney();
  const report = useReportParams(PARAM.page);
  const raw = report.params.get(PARAM.group);
  const groupBy: Grouping = isGrouping(raw) ? raw : 'member';
  const q = report.params.get(PARAM.q) ?? '';
  const betting = useQuery(
    teamBettingQuery(token, { fromDay: report.range.fromDay, toDay: report.range.toDay, groupBy, q, page: report.page }),
  );
  const count = (value: number) => value.toLocaleString(i18n.language);

  return (
    <div className="flex flex-col gap-4" data-testid="team-betting">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.betting.title')}</h2>
      <RangeBar report={report} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-200">{t('agents.betting.group_by')}</legend>
        {TEAM_BET_GROUPINGS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === groupBy}
            onClick={() => report.update({ [PARAM.group]: option === 'member' ? null : option, [PARAM.q]: null })}
            className={`min-h-10 rounded-lg border px-3 text-sm focus-visible:outline-2 focus-visible:outline-amber-300 ${option === groupBy ? 'border-amber-400 bg-amber-400/10 text-amber-100' : 'border-slate-700 text-slate-200 hover:bg-slate-800'}`}
          >
            {t(`agents.betting.group.${option}`)}
          </button>
        ))}
      </fieldset>
      {groupBy === 'member' && (
        <AccountSearch
          key={q}
          id="betting-search"
          value={q}
          onSearch={(typed) => report.update({ [PARAM.q]: typed || null })}
          label="agents.betting.search_label"
          placeholder="agents.betting.search_placeholder"
          submit="agents.betting.search"
        />
      )}
      <ListStates
        query={betting}
        isEmpty={(data) => data.rows.length === 0 && data.total === 0}
        empty={<EmptyState title={t('agents.betting.empty')} text={t('agents.betting.empty_hint')} />}
      >
        {(data) => (
          <>
            <Totals
              label="agents.betting.totals"
              figures={[
                { label: 'agents.betting.bet_count', value: count(data.totals.betCount) },
                { label: 'agents.betting.valid_bets', value: money.format(data.totals.validBets) },
                { label: 'agents.betting.payout', value: money.format(data.totals.payout) },
                { label: 'agents.betting.profit', value: signed(data.totals.profit), tone: toneOf(data.totals.profit) },
              ]}
            />
            <p className="text-sm text-slate-300" data-testid="betting-total">
              {t('agents.betting.total', { count: data.total })}
            </p>
            <DataTable
              caption={t('agents.betting.table')}
              rows={data.rows}
              rowKey={(row) => row.key}
              minWidth="36rem"
              columns={[
                {
                  key: 'label',
                  header: t(`agents.betting.group.${data.groupBy}`),
                  cell: (row) => row.label,
                  isRowHeader: true,
                },
                { key: 'bets', header: t('agents.betting.bet_count'), cell: (row) => count(row.betCount), isNumeric: true },
                {
                  key: 'valid',
                  header: t('agents.betting.valid_bets'),
                  cell: (row) => money.format(row.validBets),
                  isNumeric: true,
                },
                { key: 'payout', header: t('agents.betting.payout'), cell: (row) => money.format(row.payout), isNumeric: true },
                {
                  key: 'profit',
                  header: t('agents.betting.profit'),
                  cell: (row) => signed(row.profit),
                  isNumeric: true,
                  className: (row) => toneOf(row.profit),
                },
              ]}
            />
            <Pagination
              current={report.page}
              total={Math.ceil(data.total / AGENT_REPORT_PAGE_SIZE)}
              hrefFor={report.hrefFor}
              onNavigate={report.onNavigate}
              labels={{ nav: t('agents.betting.pages') }}
            />
            <p className="text-xs text-slate-400">{t('agents.overview.zone_note', { zone: data.timeZone })}</p>
          </>
        )}
      </ListStates>
    </div>
  );
}
