import { useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@tessera/contract/api/agents';
import { localDigits } from '@tessera/contract/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { TEAM_PAGE_SIZE, teamMemberQuery, teamQuery } from '../api/queries';

/** URL parameters of the page (the URL is state: a reload keeps them). */
const PARAM = { q: 'aq', page: 'apage', member: 'amember' } as const;
const inputClass =
  'min-h-11 w-full rounded-lg border border-slate-600 bg-slate-950 px-3 text-sm text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-amber-300';

function useMemberLabels() {
  const { t } = useTranslation();
  return {
    kind: (member: TeamMember) => t(member.agentType === 0 ? 'agents.team.kind_member' : 'agents.team.kind_agent'),
    status: (member: TeamMember) => t(member.status === 'active' ? 'agents.team.status_active' : 'agents.team.status_frozen'),
    lastLogin: (member: TeamMember) =>
      member.lastLoginAt === null ? t('agents.team.never') : formatDateTime(member.lastLoginAt),
  };
}

/** One downline member: where they sit in the team and their own downline. */
function MemberDetails({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => localDigits(String(value), i18n.language);
  const token = useSession((state) => state.token);
  const money = useMoney();
  const labels = useMemberLabels();
  const detail = useQuery(teamMemberQuery(token, id));
  return (
    <div className="flex flex-col gap-3" data-testid="team-member-details">
      <Button variant="secondary" className="self-start" onClick={onBack}>
        {t('agents.team.back')}
      </Button>
      <ListStates query={detail} isEmpty={() => false} empty={null}>
        {({ member, chain, directCount, teamSize }) => (
          <dl className="grid grid-cols-1 gap-2 rounded-2xl border border-slate-700 bg-slate-900 p-4 text-sm sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-400">{t('agents.team.account')}</dt>
              <dd className="text-base font-semibold text-slate-50">{member.account}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('agents.team.level')}</dt>
              <dd>{count(member.level)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('agents.team.kind')}</dt>
              <dd>{labels.kind(member)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('agents.team.status')}</dt>
              <dd>{labels.status(member)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('agents.team.last_login')}</dt>
              <dd>{labels.lastLogin(member)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('agents.team.joined')}</dt>
              <dd>{formatDateTime(member.createdAt)}</dd>
            </div>
            {member.balance !== null && (
              <div>
                <dt className="text-xs text-slate-400">{t('agents.team.balance')}</dt>
                <dd className="tabular-nums">{money.format(member.balance)}</dd>
              </div>
            )}
            <div>
              <dt className="text-xs text-slate-400">{t('agents.team.their_team')}</dt>
              <dd>{t('agents.team.their_team_value', { direct: count(directCount), all: count(teamSize) })}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-400">{t('agents.team.chain')}</dt>
              <dd className="break-words">{[...chain, member.account].join(' › ')}</dd>
            </div>
          </dl>
        )}
      </ListStates>
    </div>
  );
}

/**
 * Agent-centre page `agentTeamManagement` (spec 2.5): the whole downline, nearest levels first, searchable by account
 * and paged on the server; balances only where the merchant lets agents see them; a member's details on request.
 */
export default function TeamManagementPage() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const labels = useMemberLabels();
  const { params, page, update, hrefFor, onNavigate } = useListParams(PARAM.page);
  const q = params.get(PARAM.q) ?? '';
  const [typed, setTyped] = useState(q);
  const team = useQuery(teamQuery(token, { q, page }));
  const memberId = params.get(PARAM.member);

  if (memberId) return <MemberDetails id={memberId} onBack={() => update({ [PARAM.member]: null }, true)} />;

  return (
    <div className="flex flex-col gap-4" data-testid="team-management">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.team.title')}</h2>
      <form
        aria-label={t('agents.team.search_label')}
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ [PARAM.q]: typed.trim() || null });
        }}
      >
        <label className="sr-only" htmlFor="team-search">
          {t('agents.team.search_label')}
        </label>
        <input
          id="team-search"
          type="search"
          className={inputClass}
          value={typed}
          maxLength={64}
          placeholder={t('agents.team.search_placeholder')}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit">{t('agents.team.search')}</Button>
      </form>
      <ListStates
        query={team}
        isEmpty={(data) => data.members.length === 0}
        empty={
          <EmptyState
            title={t(q ? 'agents.team.empty_search' : 'agents.team.empty')}
            text={q ? undefined : t('agents.team.empty_hint')}
          />
        }
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-300" data-testid="team-total">
              {t('agents.team.total', { count: data.total })}
            </p>
            <DataTable
              caption={t('agents.team.table')}
              rows={data.members}
              rowKey={(row) => row.id}
              columns={[
                { key: 'account', header: t('agents.team.account'), cell: (row) => row.account, isRowHeader: true },
                {
                  key: 'level',
                  header: t('agents.team.level'),
                  cell: (row) => localDigits(String(row.level), i18n.language),
                  isNumeric: true,
                },
                { key: 'kind', header: t('agents.team.kind'), cell: labels.kind },
                { key: 'status', header: t('agents.team.status'), cell: labels.status },
                { key: 'login', header: t('agents.team.last_login'), cell: labels.lastLogin, className: 'whitespace-nowrap' },
                ...(data.showsBalance
                  ? [
                      {
                        key: 'balance',
                        header: t('agents.team.balance'),
                        cell: (row: TeamMember) => (row.balance === null ? '' : money.format(row.balance)),
                        isNumeric: true,
                      },
                    ]
                  : []),
                {
                  key: 'open',
                  header: <span className="sr-only">{t('agents.team.details')}</span>,
                  cell: (row) => (
                    <Button
                      variant="secondary"
                      onClick={() => update({ [PARAM.member]: row.id }, true)}
                      aria-label={t('agents.team.details_of', { account: row.account })}
                    >
                      {t('agents.team.details')}
                    </Button>
                  ),
                },
              ]}
            />
            <Pagination
              current={page}
              total={Math.ceil(data.total / TEAM_PAGE_SIZE)}
              hrefFor={hrefFor}
              onNavigate={onNavigate}
              labels={{ nav: t('agents.team.pages') }}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
