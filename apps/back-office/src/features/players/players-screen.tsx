import * as routes from '@tessera/contract/routes/back-office-players';
import { PLAYER_PAGE_SIZES, PLAYER_SEARCH_KEYS, PLAYER_SORTS } from '@tessera/contract/routes/back-office-players';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { type ListControls, useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { SortHeader } from '../../ui/sort-header';
import { ErrorNotice } from '../../ui/states';

type SearchKey = (typeof PLAYER_SEARCH_KEYS)[number];
type Sort = (typeof PLAYER_SORTS)[number];
const LIST = {
  filters: { by: 'account', q: '' },
  sort: { sort: 'createdAt' as Sort, order: 'desc' as const },
  sorts: PLAYER_SORTS,
  pageSize: 25 as const,
  sizes: PLAYER_PAGE_SIZES,
};

/** Player search: one key at a time, sorted and paged on the server, exported as CSV with the same search. */
export function PlayersScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const [exportError, setExportError] = useState<unknown>(null);
  const by: SearchKey = PLAYER_SEARCH_KEYS.find((key) => key === list.filters.by) ?? 'account';
  const search = list.filters.q ? { by, q: list.filters.q } : null;

  const exportCsv = async () => {
    if (!search) return;
    setExportError(null);
    try {
      const answer = await apiCall(routes.playerSearchExport, { query: { ...search, ...list.sort } });
      downloadText('players.csv', answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  return (
    <section aria-labelledby="players-title">
      <h1 id="players-title">{t('players.title')}</h1>
      <FilterForm
        label={t('players.search')}
        fields={[
          {
            kind: 'select',
            name: 'by',
            label: t('players.search_by'),
            options: PLAYER_SEARCH_KEYS.map((key) => ({ value: key, label: t(`players.by.${key}`) })),
          },
          { kind: 'text', name: 'q', label: t('players.query'), hint: t('players.query_hint'), maxLength: 128, required: true },
        ]}
        values={list.filters}
        onApply={list.setFilters}
        submitLabel={t('players.find')}
        onExport={() => void exportCsv()}
        exportDisabled={!search}
      />
      {exportError !== null && <ErrorNotice error={exportError} />}
      {search ? <Results search={search} list={list} /> : <p className="state">{t('players.start')}</p>}
    </section>
  );
}

function Results({
  search,
  list,
}: {
  search: { by: SearchKey; q: string };
  list: ListControls<typeof LIST.filters, Sort, (typeof PLAYER_PAGE_SIZES)[number]>;
}) {
  const { t } = useTranslation();
  const found = useCall(routes.playerSearch, { ...search, ...list.sort, page: list.page, pageSize: list.pageSize });
  const header = (column: Sort, label: string) => (
    <SortHeader column={column} label={label} sort={list.sort} onSort={list.setSort} />
  );
  return (
    <>
      <QueryView
        query={found}
        isEmpty={(data) => data.players.length === 0}
        empty={t('players.none')}
        count={(data) => t('players.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('players.results')}
            busy={found.isFetching}
            head={
              <>
                {header('account', t('players.col.account'))}
                <th scope="col">{t('players.col.status')}</th>
                <th scope="col">{t('players.col.type')}</th>
                <th scope="col">{t('players.col.mobile')}</th>
                <th scope="col">{t('players.col.email')}</th>
                {header('createdAt', t('players.col.created'))}
                {header('lastLoginAt', t('players.col.lastLogin'))}
                <th scope="col">{t('players.col.lastIp')}</th>
              </>
            }
          >
            {data.players.map((player) => (
              <tr key={player.id}>
                <td>
                  <Link to={`/players/${player.id}`}>{player.account}</Link>
                </td>
                <td>
                  <StatusBadge status={player.status} />
                </td>
                <td>{t(`players.type.${player.agentType}`, { defaultValue: String(player.agentType) })}</td>
                <td>{player.mobile ?? '–'}</td>
                <td>{player.email ?? '–'}</td>
                <td>{formatTime(player.createdAt)}</td>
                <td>{player.lastLoginAt === null ? '–' : formatTime(player.lastLoginAt)}</td>
                <td>{player.lastLoginIp ?? '–'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('players.pages')} list={list} total={found.data?.total ?? 0} />
    </>
  );
}

export function StatusBadge({ status }: { status: 'active' | 'frozen' }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${status === 'active' ? 'badge-active' : 'badge-locked'}`}>{t(`players.status.${status}`)}</span>
  );
}
