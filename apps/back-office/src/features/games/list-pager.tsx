import { GAMES_PAGE_SIZES } from '@tessera/contract/routes/back-office-games';
import { useTranslation } from 'react-i18next';

export type PageSize = (typeof GAMES_PAGE_SIZES)[number];

/** Previous, next and the page size of a games-screen table paged on the server. */
export function ListPager({
  label,
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  label: string;
  page: number;
  pageSize: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('audit.previous')}
      </button>
      <span>{t('audit.page_of', { page, pages })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('audit.next')}
      </button>
      <label className="page-size">
        {t('audit.page_size')}{' '}
        <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}>
          {GAMES_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
