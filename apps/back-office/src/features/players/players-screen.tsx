import * as routes from '@tessera/contract/routes/back-office-players';
import { PLAYER_PAGE_SIZES, PLAYER_SEARCH_KEYS, type PLAYER_SORTS } from '@tessera/contract/routes/back-office-players';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';

type PageSize = (typeof PLAYER_PAGE_SIZES)[number];

type SearchKey = (typeof PLAYER_SEARCH_KEYS)[number];
type Sort = (typeof PLAYER_SORTS)[number];
interface Search {
  by: SearchKey;
  q: string;
}

/** Player search: one key at a time, sorted and paged on the server, exported as CSV with the same search. */
export function PlayersScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<Search | null>(null);
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({ sort: 'createdAt', order: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [exportError, setExportError] = useState<unknown>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get('q') ?? '').trim();
    setSearch(q ? { by: String(form.get('by')) as SearchKey, q } : null);
    setPage(1);
  };

  const exportCsv = async () => {
    if (!search) return;
    setExportError(null);
    try {
      const answer = await apiCall(routes.playerSearchExport, { query: { ...search, ...sort } });
      downloadText('players.csv', answer.csv, 'text/csv');
    } catch (failure) {
      setExportError(failure);
    }
  };

  return (
    <section aria-labelledby="players-title">
      <h1 id="players-title">{t('players.title')}</h1>
      <form className="panel filters" onSubmit={submit} aria-label={t('players.search')}>
        <div className="field">
          <label htmlFor="players-by">{t('players.search_by')}</label>
          <select id="players-by" name="by" defaultValue={search?.by ?? 'account'}>
            {PLAYER_SEARCH_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`players.by.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('players.query')}
          hint={t('players.query_hint')}
          name="q"
          defaultValue={search?.q ?? ''}
          maxLength={128}
          required
          autoComplete="off"
        />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('players.find')}
          </button>
          <button type="button" className="btn" disabled={!search} onClick={() => void exportCsv()}>
            {t('players.export')}
          </button>
        </div>
      </form>
      {exportError !== null && <ErrorNotice error={exportError} />}
      {search ? (
        <Results
          search={search}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={setPageSize}
        />
      ) : (
        <p className="state">{t('players.start')}</p>
      )}
    </section>
  );
}

function Results({
  search,
  sort,
  onSort,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  search: Search;
  sort: { sort: Sort; order: 'asc' | 'desc' };
  onSort: (sort: { sort: Sort; order: 'asc' | 'desc' }) => void;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const found = useCall(routes.playerSearch, { ...search, ...sort, page, pageSize });
  if (found.isPending) return <Loading />;
  if (found.isError) return <ErrorNotice error={found.error} onRetry={() => void found.refetch()} />;
  if (found.data.players.length === 0) return <Empty>{t('players.none')}</Empty>;

  const header = (column: Sort, label: string) => {
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
        {t('players.count', { count: found.data.total })}
      </p>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('players.results')}</caption>
          <thead>
            <tr>
              {header('account', t('players.col.account'))}
              <th scope="col">{t('players.col.status')}</th>
              <th scope="col">{t('players.col.type')}</th>
              <th scope="col">{t('players.col.mobile')}</th>
              <th scope="col">{t('players.col.email')}</th>
              {header('createdAt', t('players.col.created'))}
              {header('lastLoginAt', t('players.col.lastLogin'))}
              <th scope="col">{t('players.col.lastIp')}</th>
            </tr>
          </thead>
          <tbody>
            {found.data.players.map((player) => (
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
          </tbody>
        </table>
      </div>
      <Pager
        label={t('players.pages')}
        sizes={PLAYER_PAGE_SIZES}
        page={page}
        pageSize={pageSize}
        total={found.data.total}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </>
  );
}

export function StatusBadge({ status }: { status: 'active' | 'frozen' }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${status === 'active' ? 'badge-active' : 'badge-locked'}`}>{t(`players.status.${status}`)}</span>
  );
}
