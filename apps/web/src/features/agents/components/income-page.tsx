import { useQuery } from '@tanstack/react-query';
import { CONTRACT_KINDS, type ContractKind, formatRate } from '@tessera/contract/agent-contracts';
import type { Statement } from '@tessera/contract/api/agent-income';
import { localDigits } from '@tessera/contract/money-format';
import { INCOME_PAGE_SIZE, STATEMENT_STATUSES, type StatementStatus } from '@tessera/contract/routes/agent-income';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/language-state';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { FilterSelect } from '../../../ui/list-page/filter-select';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { incomeQuery, incomeStatementQuery } from '../api/queries';
import { Totals, toneOf, useSignedMoney } from './report-kit';

const PARAM = { page: 'ipage', kind: 'ikind', status: 'istatus', statement: 'istmt' } as const;

const KIND_LABEL = {
  dividend: 'agents.entry.dividend',
  dailySalary: 'agents.entry.daily_salary',
  hourlySalary: 'agents.entry.hourly_salary',
  realTimeSalary: 'agents.entry.real_time_salary',
} as const satisfies Record<ContractKind, string>;

const STATUS_TONE: Record<StatementStatus, string> = {
  nothing: 'text-slate-400',
  review: 'text-amber-300',
  held: 'text-rose-300',
  paid: 'text-emerald-300',
  rejected: 'text-rose-300',
};

/** A rate in basis points as the reader's digits: "1.50 %". */
const rateText = (basisPoints: number) => localDigits(`${formatRate(basisPoints)} %`, currentLanguage());
const count = (value: number) => localDigits(String(value), currentLanguage());

const isKind = (value: string | null): value is ContractKind => CONTRACT_KINDS.includes(value as ContractKind);
const isStatus = (value: string | null): value is StatementStatus => STATEMENT_STATUSES.includes(value as StatementStatus);

/**
 * Agent-centre page `agentIncome` (spec 2.5 "my income"): the agent's earnings per contract and period, paid, waiting
 * for the operator or held, with the totals, and each statement's detail: what it was computed from and why it pays
 * what it pays.
 */
export default function IncomePage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const list = useListParams(PARAM.page);
  const rawKind = list.params.get(PARAM.kind);
  const rawStatus = list.params.get(PARAM.status);
  const kind = isKind(rawKind) ? rawKind : null;
  const status = isStatus(rawStatus) ? rawStatus : null;
  const opened = list.params.get(PARAM.statement);
  const income = useQuery(incomeQuery(token, { kind, status, page: list.page }));

  return (
    <div className="flex flex-col gap-4" data-testid="income">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.income.title')}</h2>
      <div className="grid grid-cols-2 gap-2 sm:max-w-md">
        <FilterSelect
          label={t('agents.income.kind')}
          allLabel={t('agents.income.all_kinds')}
          value={kind}
          options={CONTRACT_KINDS.map((value) => ({ value, label: t(KIND_LABEL[value]) }))}
          onChange={(value) => list.update({ [PARAM.kind]: value, [PARAM.statement]: null })}
        />
        <FilterSelect
          label={t('agents.income.status')}
          allLabel={t('agents.income.all_statuses')}
          value={status}
          options={STATEMENT_STATUSES.map((value) => ({ value, label: t(`agents.income.statuses.${value}`) }))}
          onChange={(value) => list.update({ [PARAM.status]: value, [PARAM.statement]: null })}
        />
      </div>
      {opened !== null && <StatementDetail id={opened} onClose={() => list.update({ [PARAM.statement]: null }, true)} />}
      <ListStates
        query={income}
        isEmpty={(data) => data.statements.length === 0 && data.total === 0}
        empty={<EmptyState title={t('agents.income.empty')} text={t('agents.income.empty_hint')} />}
      >
        {(data) => (
          <>
            <Totals
              label="agents.income.totals"
              figures={[
                { label: 'agents.income.paid', value: money.format(data.totals.paidMinor), tone: toneOf(data.totals.paidMinor) },
                { label: 'agents.income.pending', value: money.format(data.totals.pendingMinor) },
                { label: 'agents.income.held', value: money.format(data.totals.heldMinor) },
              ]}
            />
            <DataTable
              caption={t('agents.income.table')}
              rows={data.statements}
              rowKey={(row) => row.id}
              minWidth="44rem"
              columns={[
                {
                  key: 'period',
                  header: t('agents.income.period'),
                  cell: (row) => `${formatDateTime(row.periodStart)} – ${formatDateTime(row.periodEnd)}`,
                  isRowHeader: true,
                },
                { key: 'kind', header: t('agents.income.kind'), cell: (row) => t(KIND_LABEL[row.kind]) },
                { key: 'upline', header: t('agents.income.upline'), cell: (row) => row.upline },
                {
                  key: 'rate',
                  header: t('agents.income.rate'),
                  cell: (row) => (row.tier === null ? '—' : rateText(row.rate)),
                  isNumeric: true,
                },
                {
                  key: 'amount',
                  header: t('agents.income.amount'),
                  cell: (row) => money.format(row.amountMinor),
                  isNumeric: true,
                },
                {
                  key: 'status',
                  header: t('agents.income.status'),
                  cell: (row) => <span data-status={row.status}>{t(`agents.income.statuses.${row.status}`)}</span>,
                  className: (row) => STATUS_TONE[row.status],
                },
                {
                  key: 'detail',
                  header: <span className="sr-only">{t('agents.income.detail')}</span>,
                  cell: (row) => (
                    <Button
                      variant="secondary"
                      aria-label={t('agents.income.detail_of', { period: formatDateTime(row.periodStart) })}
                      onClick={() => list.update({ [PARAM.statement]: row.id }, true)}
                    >
                      {t('agents.income.detail')}
                    </Button>
                  ),
                },
              ]}
            />
            <Pagination
              current={list.page}
              total={Math.ceil(data.total / INCOME_PAGE_SIZE)}
              hrefFor={list.hrefFor}
              onNavigate={list.onNavigate}
              labels={{ nav: t('agents.income.pages') }}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}

function StatementDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const statement = useQuery(incomeStatementQuery(token, id));
  return (
    <section
      aria-label={t('agents.income.detail_title')}
      className="flex flex-col gap-3 rounded-2xl border border-amber-400/40 bg-slate-900 p-4"
      data-testid="income-statement"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-50">{t('agents.income.detail_title')}</h3>
        <Button variant="secondary" onClick={onClose}>
          {t('agents.income.close_detail')}
        </Button>
      </div>
      <ListStates query={statement} isEmpty={() => false} empty={null}>
        {(data) => <StatementFigures statement={data} />}
      </ListStates>
    </section>
  );
}

function StatementFigures({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const money = useMoney();
  const signed = useSignedMoney();
  const figure = (label: string, value: string, testId?: string) => (
    <div key={label} className="flex justify-between gap-3 border-b border-slate-800 py-1">
      <dt className="text-slate-400">{label}</dt>
      <dd className="tabular-nums text-slate-100" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <>
      <dl className="grid gap-x-6 text-sm sm:grid-cols-2">
        {figure(t('agents.income.kind'), t(KIND_LABEL[statement.kind]))}
        {figure(t('agents.income.period'), `${formatDateTime(statement.periodStart)} – ${formatDateTime(statement.periodEnd)}`)}
        {figure(t('agents.income.upline'), statement.upline)}
        {figure(t('agents.income.team_size'), count(statement.teamSize))}
        {figure(t('agents.income.active_members'), count(statement.activeMembers))}
        {figure(t('agents.income.valid_bets'), money.format(statement.validBetMinor))}
        {figure(t('agents.income.payouts'), money.format(statement.payoutMinor))}
        {figure(t('agents.income.net_loss'), signed(statement.netLossMinor))}
        {figure(
          t('agents.income.tier'),
          statement.tier === null ? t('agents.income.no_tier') : t('contracts.tier_n', { n: count(statement.tier) }),
        )}
        {figure(t('agents.income.rate'), rateText(statement.rate))}
        {statement.kind === 'dividend' && figure(t('agents.income.carry_in'), signed(statement.carryInMinor))}
        {statement.kind === 'dividend' && figure(t('agents.income.carry_out'), signed(statement.carryOutMinor))}
        {figure(t('agents.income.gross'), money.format(statement.grossMinor))}
        {figure(t('agents.income.downline_paid'), money.format(statement.downlinePaidMinor))}
        {figure(t('agents.income.amount'), money.format(statement.amountMinor), 'statement-amount')}
        {figure(t('agents.income.status'), t(`agents.income.statuses.${statement.status}`))}
        {statement.reason && figure(t('agents.income.reason'), statement.reason)}
      </dl>
      {statement.lines.length > 0 && (
        <DataTable
          caption={t('agents.income.lines')}
          rows={statement.lines}
          rowKey={(line) => `${line.part}:${line.from ?? ''}:${line.tier ?? ''}`}
          columns={[
            {
              key: 'part',
              header: t('agents.income.part'),
              cell: (line) =>
                line.part === 'hour' && line.from !== null
                  ? formatDateTime(line.from)
                  : t(line.part === 'won' ? 'agents.income.won_bets' : 'agents.income.lost_bets'),
              isRowHeader: true,
            },
            {
              key: 'bet',
              header: t('agents.income.valid_bets'),
              cell: (line) => money.format(line.validBetMinor),
              isNumeric: true,
            },
            { key: 'count', header: t('agents.income.count'), cell: (line) => count(line.count), isNumeric: true },
            {
              key: 'rate',
              header: t('agents.income.rate'),
              cell: (line) => (line.tier === null ? '—' : rateText(line.rate)),
              isNumeric: true,
            },
            { key: 'amount', header: t('agents.income.amount'), cell: (line) => money.format(line.amountMinor), isNumeric: true },
          ]}
        />
      )}
    </>
  );
}
