import { CATALOGUE_STATUSES, type CatalogueStatus, GAME_CATEGORIES } from '@tessera/contract/catalogue/categories';
import * as routes from '@tessera/contract/routes/back-office-games';
import { GAMES_PAGE_SIZES } from '@tessera/contract/routes/back-office-games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { type CatalogueChange, RowControls } from './row-controls';

type PageSize = (typeof GAMES_PAGE_SIZES)[number];

type Kind = 'vendors' | 'games';
type Sort = (typeof routes.GAME_SORTS)[number];
type VendorSort = (typeof routes.VENDOR_SORTS)[number];
const vendorSortOf = (sort: Sort): VendorSort =>
  (routes.VENDOR_SORTS as readonly Sort[]).includes(sort) ? (sort as VendorSort) : 'order';
interface Filter {
  status?: CatalogueStatus;
  search?: string;
  category?: (typeof GAME_CATEGORIES)[number];
  vassalage?: string;
  hot?: boolean;
}

const sortsOf = (kind: Kind): readonly Sort[] => (kind === 'vendors' ? routes.VENDOR_SORTS : routes.GAME_SORTS);

/** The vendors or the games of the merchant, every status, with their status, order and hot flag editable in place. */
export function CatalogueTable({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({ sort: 'order', order: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const invalidate = useInvalidate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const hot = text('hot');
    setFilter({
      status: text('status') as CatalogueStatus | undefined,
      search: text('search'),
      category: text('category') as Filter['category'],
      vassalage: text('vassalage')?.toUpperCase(),
      hot: hot === undefined ? undefined : hot === 'yes',
    });
    setPage(1);
  };

  const exportCsv = async () => {
    setFailure(null);
    try {
      const answer =
        kind === 'vendors'
          ? await apiCall(routes.vendorExport, {
              query: { ...vendorQuery(filter), order: sort.order, sort: vendorSortOf(sort.sort) },
            })
          : await apiCall(routes.gameExport, { query: { ...gameQuery(filter), ...sort } });
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

  return (
    <>
      <form className="panel filters" onSubmit={submit} aria-label={t('games.filters')}>
        <div className="field">
          <label htmlFor={`${kind}-status`}>{t('games.col.status')}</label>
          <select id={`${kind}-status`} name="status" defaultValue="">
            <option value="">{t('games.any')}</option>
            {CATALOGUE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`games.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'vendors' ? (
          <div className="field">
            <label htmlFor="vendors-category">{t('games.col.category')}</label>
            <select id="vendors-category" name="category" defaultValue="">
              <option value="">{t('games.any')}</option>
              {GAME_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <>
            <Field label={t('games.col.vendor')} name="vassalage" maxLength={40} autoComplete="off" />
            <div className="field">
              <label htmlFor="games-hot">{t('games.col.hot')}</label>
              <select id="games-hot" name="hot" defaultValue="">
                <option value="">{t('games.any')}</option>
                <option value="yes">{t('games.hot_only')}</option>
                <option value="no">{t('games.not_hot')}</option>
              </select>
            </div>
          </>
        )}
        <Field label={t('games.search')} hint={t('games.search_hint')} name="search" maxLength={64} autoComplete="off" />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            {t('audit.export')}
          </button>
        </div>
      </form>
      {failure !== null && <ErrorNotice error={failure} />}
      {saved !== null && (
        <p className="notice notice-success" role="status">
          {t('games.saved', { name: saved })}
        </p>
      )}
      <Rows
        kind={kind}
        vendors={{ ...vendorQuery(filter), order: sort.order, sort: vendorSortOf(sort.sort), page, pageSize }}
        games={{ ...gameQuery(filter), ...sort, page, pageSize }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        onChange={change}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </>
  );
}

const vendorQuery = (filter: Filter) => ({ status: filter.status, search: filter.search, category: filter.category });
const gameQuery = (filter: Filter) => ({
  status: filter.status,
  search: filter.search,
  vassalage: filter.vassalage,
  hot: filter.hot,
});

function Rows({
  kind,
  vendors: vendorsQuery,
  games: gamesQuery,
  sort,
  onSort,
  onChange,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  kind: Kind;
  vendors: ReturnType<typeof vendorQuery> & { sort: VendorSort; order: 'asc' | 'desc'; page: number; pageSize: PageSize };
  games: ReturnType<typeof gameQuery> & { sort: Sort; order: 'asc' | 'desc'; page: number; pageSize: PageSize };
  sort: { sort: Sort; order: 'asc' | 'desc' };
  onSort: (sort: { sort: Sort; order: 'asc' | 'desc' }) => void;
  onChange: (target: { vassalage: string; gameCode?: string }, change: CatalogueChange, label: string) => Promise<void>;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const vendors = useCall(routes.vendorList, vendorsQuery, kind === 'vendors');
  const games = useCall(routes.gameList, gamesQuery, kind === 'games');
  const listed = kind === 'vendors' ? vendors : games;
  if (listed.isPending) return <Loading />;
  if (listed.isError) return <ErrorNotice error={listed.error} onRetry={() => void listed.refetch()} />;
  if (listed.data.items.length === 0) return <Empty>{t('games.none')}</Empty>;

  const header = (column: Sort, label: string) => {
    if (!sortsOf(kind).includes(column)) return <th scope="col">{label}</th>;
    const active = sort.sort === column;
    return (
      <th scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className="sort"
          onClick={() => onSort({ sort: column, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
        >
          {label} {active ? (sort.order === 'asc' ? '▲' : '▼') : ''}
        </button>
      </th>
    );
  };

  return (
    <>
      <p className="lead" aria-live="polite">
        {t(`games.count_${kind}`, { count: listed.data.total })}
      </p>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t(`games.tab.${kind}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games.col.vendor')}</th>
              {kind === 'games' && <th scope="col">{t('games.col.game')}</th>}
              {header('name', t('games.col.name'))}
              <th scope="col">{t('games.col.category')}</th>
              {kind === 'vendors' ? <th scope="col">{t('games.col.games')}</th> : header('popularity', t('games.col.popularity'))}
              {header('status', t('games.col.status'))}
              {header('order', t('games.col.order'))}
              <th scope="col">{t('games.col.hot')}</th>
              <th scope="col">{t('games.col.updated')}</th>
            </tr>
          </thead>
          <tbody>
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
                    onChange={(change) => onChange({ vassalage: vendor.vassalage }, change, vendor.displayName)}
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
                    onChange={(change) => onChange({ vassalage: game.vassalage, gameCode: game.gameCode }, change, game.name)}
                  />
                  <td>{formatTime(game.updatedAt)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <Pager
        sizes={GAMES_PAGE_SIZES}
        label={t('games.pages')}
        page={page}
        pageSize={pageSize}
        total={listed.data.total}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </>
  );
}
