import type { UseQueryResult } from '@tanstack/react-query';
import { CATALOGUE_STATUSES, GAME_CATEGORIES } from '@tessera/contract/catalogue/categories';
import * as routes from '@tessera/contract/routes/back-office-games';
import { GAMES_PAGE_SIZES } from '@tessera/contract/routes/back-office-games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { type FilterField, FilterForm } from '../../ui/filter-form';
import { type SortState, useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { SortHeader } from '../../ui/sort-header';
import { ErrorNotice } from '../../ui/states';
import { type CatalogueChange, RowControls } from './row-controls';

type Kind = 'vendors' | 'games';
type Sort = (typeof routes.GAME_SORTS)[number];
type VendorSort = (typeof routes.VENDOR_SORTS)[number];

const LIST = {
  filters: { status: '', category: '', vendor: '', hot: '', search: '' },
  sort: { sort: 'order' as Sort, order: 'asc' as const },
  sorts: routes.GAME_SORTS,
  pageSize: 25 as const,
  sizes: GAMES_PAGE_SIZES,
};
type Filters = typeof LIST.filters;

const vendorSortOf = (sort: Sort): VendorSort => routes.VENDOR_SORTS.find((name) => name === sort) ?? 'order';
const vendorQuery = (filters: Filters, sort: SortState<Sort>) => ({
  status: CATALOGUE_STATUSES.find((status) => status === filters.status),
  category: GAME_CATEGORIES.find((category) => category === filters.category),
  search: filters.search || undefined,
  sort: vendorSortOf(sort.sort),
  order: sort.order,
});
const gameQuery = (filters: Filters, sort: SortState<Sort>) => ({
  status: CATALOGUE_STATUSES.find((status) => status === filters.status),
  vassalage: filters.vendor.toUpperCase() || undefined,
  hot: filters.hot === '' ? undefined : filters.hot === 'yes',
  search: filters.search || undefined,
  ...sort,
});

/** The vendors or the games of the merchant, every status, with their status, order and hot flag editable in place. */
export function CatalogueTable({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const paging = { page: list.page, pageSize: list.pageSize };
  const vendors = useCall(routes.vendorList, { ...vendorQuery(list.filters, list.sort), ...paging }, kind === 'vendors');
  const games = useCall(routes.gameList, { ...gameQuery(list.filters, list.sort), ...paging }, kind === 'games');
  const listed: UseQueryResult<{ items: readonly unknown[]; total: number }, Error> = kind === 'vendors' ? vendors : games;

  const any = t('games.any');
  const status: FilterField = {
    kind: 'select',
    name: 'status',
    label: t('games.col.status'),
    anyLabel: any,
    options: CATALOGUE_STATUSES.map((value) => ({ value, label: t(`games.status.${value}`) })),
  };
  const search: FilterField = {
    kind: 'text',
    name: 'search',
    label: t('games.search'),
    hint: t('games.search_hint'),
    maxLength: 64,
  };
  const fields: FilterField[] =
    kind === 'vendors'
      ? [
          status,
          {
            kind: 'select',
            name: 'category',
            label: t('games.col.category'),
            anyLabel: any,
            options: GAME_CATEGORIES.map((value) => ({ value, label: value })),
          },
          search,
        ]
      : [
          status,
          { kind: 'text', name: 'vendor', label: t('games.col.vendor'), maxLength: 40 },
          {
            kind: 'select',
            name: 'hot',
            label: t('games.col.hot'),
            anyLabel: any,
            options: [
              { value: 'yes', label: t('games.hot_only') },
              { value: 'no', label: t('games.not_hot') },
            ],
          },
          search,
        ];

  const exportCsv = async () => {
    setFailure(null);
    try {
      const answer =
        kind === 'vendors'
          ? await apiCall(routes.vendorExport, { query: vendorQuery(list.filters, list.sort) })
          : await apiCall(routes.gameExport, { query: gameQuery(list.filters, list.sort) });
      downloadText(`${kind}.csv`, answer.csv, 'text/csv');
    } catch (error) {
      setFailure(error);
    }
  };

  const change = async (target: { vassalage: string; gameCode?: string }, next: CatalogueChange, label: string) => {
    setFailure(null);
    setSaved(null);
    try {
      if (target.gameCode === undefined) await apiCall(routes.vendorUpdate, { body: { vassalage: target.vassalage, ...next } });
      else await apiCall(routes.gameUpdate, { body: { vassalage: target.vassalage, gameCode: target.gameCode, ...next } });
      setSaved(label);
    } catch (error) {
      setFailure(error);
    } finally {
      await invalidate(routes.vendorList, routes.gameList);
    }
  };

  const header = (column: Sort, label: string) =>
    (kind === 'vendors' ? routes.VENDOR_SORTS : routes.GAME_SORTS).some((sort) => sort === column) ? (
      <SortHeader column={column} label={label} sort={list.sort} onSort={list.setSort} />
    ) : (
      <th scope="col">{label}</th>
    );

  return (
    <>
      <FilterForm
        label={t('games.filters')}
        fields={fields}
        values={list.filters}
        onApply={list.setFilters}
        onExport={() => void exportCsv()}
      />
      {failure !== null && <ErrorNotice error={failure} />}
      {saved !== null && (
        <p className="notice notice-success" role="status">
          {t('games.saved', { name: saved })}
        </p>
      )}
      <QueryView
        query={listed}
        isEmpty={(data) => data.items.length === 0}
        empty={t('games.none')}
        count={(data) => t(`games.count_${kind}`, { count: data.total })}
      >
        {() => (
          <DataTable
            caption={t(`games.tab.${kind}`)}
            busy={listed.isFetching}
            head={
              <>
                <th scope="col">{t('games.col.vendor')}</th>
                {kind === 'games' && <th scope="col">{t('games.col.game')}</th>}
                {header('name', t('games.col.name'))}
                <th scope="col">{t('games.col.category')}</th>
                {kind === 'vendors' ? (
                  <th scope="col">{t('games.col.games')}</th>
                ) : (
                  header('popularity', t('games.col.popularity'))
                )}
                {header('status', t('games.col.status'))}
                {header('order', t('games.col.order'))}
                <th scope="col">{t('games.col.hot')}</th>
                <th scope="col">{t('games.col.updated')}</th>
              </>
            }
          >
            {kind === 'vendors' &&
              vendors.data?.items.map((vendor) => (
                <tr key={vendor.vassalage}>
                  <td>
                    <code>{vendor.vassalage}</code>
                  </td>
                  <td>{vendor.displayName}</td>
                  <td>{vendor.category}</td>
                  <td className="amount">{vendor.games}</td>
                  <RowControls
                    name={vendor.displayName}
                    status={vendor.status}
                    sortOrder={vendor.sortOrder}
                    hot={vendor.hot}
                    onChange={(next) => change({ vassalage: vendor.vassalage }, next, vendor.displayName)}
                  />
                  <td>{formatTime(vendor.updatedAt)}</td>
                </tr>
              ))}
            {kind === 'games' &&
              games.data?.items.map((game) => (
                <tr key={`${game.vassalage}/${game.gameCode}`}>
                  <td>
                    <code>{game.vassalage}</code>
                    {game.vendorStatus !== 'active' && (
                      <span className="badge badge-locked">{t(`games.status.${game.vendorStatus}`)}</span>
                    )}
                  </td>
                  <td>
                    <code>{game.gameCode}</code>
                  </td>
                  <td>{game.name}</td>
                  <td>{game.category}</td>
                  <td className="amount">{game.popularity}</td>
                  <RowControls
                    name={game.name}
                    status={game.status}
                    sortOrder={game.sortOrder}
                    hot={game.hot}
                    onChange={(next) => change({ vassalage: game.vassalage, gameCode: game.gameCode }, next, game.name)}
                  />
                  <td>{formatTime(game.updatedAt)}</td>
                </tr>
              ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('games.pages')} list={list} total={listed.data?.total ?? 0} />
    </>
  );
}
