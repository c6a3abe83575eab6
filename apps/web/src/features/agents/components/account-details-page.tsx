import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_DETAIL_TYPES } from '@tessera/contract/routes/agents';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { AGENT_REPORT_PAGE_SIZE, accountDetailsQuery } from '../api/queries';
import { inputClass, RangeBar, toneOf, useReportParams, useSignedMoney } from './report-kit';

const PARAM = { page: 'dpage', type: 'dtype', member: 'dmember' } as const;
type DetailType = (typeof ACCOUNT_DETAIL_TYPES)[number];
const isType = (value: string | null): value is DetailType => ACCOUNT_DETAIL_TYPES.includes(value as DetailType);

/**
 * Agent-centre page `agentAccountDetails` (spec 2.5): the deposits, withdrawals, transfers and bonuses of the team (or of
 * one member of it) in the chosen days, newest first, paged on the server.
 */
export default function AccountDetailsPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const signed = useSignedMoney();
  const report = useReportParams(PARAM.page);
  const rawType = report.params.get(PARAM.type);
  const type = isType(rawType) ? rawType : null;
  const member = report.params.get(PARAM.member) ?? '';
  const [typedMember, setTypedMember] = useState(member);
  const [typedType, setTypedType] = useState<string>(type ?? '');
  const details = useQuery(
    accountDetailsQuery(token, { fromDay: report.range.fromDay, toDay: report.range.toDay, type, member, page: report.page }),
  );

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report.update({ [PARAM.type]: typedType || null, [PARAM.member]: typedMember.trim() || null });
  };

  return (
    <div className="flex flex-col gap-4" data-testid="account-details">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.details.title')}</h2>
      <RangeBar report={report} />
      <form
        aria-label={t('agents.details.filters')}
        className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={apply}
      >
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('agents.details.type')}
          <select className={inputClass} value={typedType} onChange={(event) => setTypedType(event.target.value)}>
            <option value="">{t('agents.details.all_types')}</option>
            {ACCOUNT_DETAIL_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`records.type.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('agents.details.member')}
          <input
            type="search"
            className={inputClass}
            value={typedMember}
            maxLength={64}
            placeholder={t('agents.details.member_placeholder')}
            onChange={(event) => setTypedMember(event.target.value)}
          />
        </label>
        <Button type="submit">{t('agents.details.apply')}</Button>
      </form>
      <ListStates
        query={details}
        isEmpty={(data) => data.rows.length === 0 && data.total === 0}
        empty={<EmptyState title={t('agents.details.empty')} text={t('agents.details.empty_hint')} />}
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-300" data-testid="details-total">
              {t('agents.details.total', { count: data.total })}
            </p>
            <DataTable
              caption={t('agents.details.table')}
              rows={data.rows}
              rowKey={(row) => `${row.txId}:${row.account}:${row.amount}`}
              minWidth="36rem"
              columns={[
                {
                  key: 'time',
                  header: t('agents.details.time'),
                  cell: (row) => formatDateTime(row.time),
                  className: 'whitespace-nowrap',
                  isRowHeader: true,
                },
                { key: 'account', header: t('agents.details.account'), cell: (row) => row.account },
                { key: 'type', header: t('agents.details.type'), cell: (row) => t(`records.type.${row.type}`) },
                { key: 'state', header: t('agents.details.state'), cell: (row) => t(`records.state.${row.state}`) },
                {
                  key: 'amount',
                  header: t('agents.details.amount'),
                  cell: (row) => signed(row.amount),
                  isNumeric: true,
                  className: (row) => toneOf(row.amount),
                },
              ]}
            />
            <Pagination
              current={report.page}
              total={Math.ceil(data.total / AGENT_REPORT_PAGE_SIZE)}
              hrefFor={report.hrefFor}
              onNavigate={report.onNavigate}
              labels={{ nav: t('agents.details.pages') }}
            />
            <p className="text-xs text-slate-400">{t('agents.overview.zone_note', { zone: data.timeZone })}</p>
          </>
        )}
      </ListStates>
    </div>
  );
}
