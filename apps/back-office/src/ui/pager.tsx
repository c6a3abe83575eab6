import { useTranslation } from 'react-i18next';
import type { FilterValues, ListControls } from './list-state';

/**
 * Previous, next and the page size of a list paged on the server. A new page size starts again at the first page:
 * the page the list was on may not exist in the new size.
 */
export function Pager<Size extends number>({
  label,
  page,
  total,
  pageSize,
  sizes,
  onPage,
  onPageSize,
}: {
  label: string;
  page: number;
  total: number;
  pageSize: Size;
  sizes: readonly Size[];
  onPage: (page: number) => void;
  onPageSize: (size: Size) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.page_of', { page, pages })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
      <label className="page-size">
        {t('pager.page_size')}{' '}
        <select
          value={pageSize}
          onChange={(event) => {
            onPageSize(sizes.find((size) => size === Number(event.target.value)) ?? pageSize);
            onPage(1);
          }}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}

/** The pager of a list kept by `useListState`. */
export function ListPager<Size extends number>({
  label,
  list,
  total,
}: {
  label: string;
  list: Pick<ListControls<FilterValues, string, Size>, 'page' | 'pageSize' | 'sizes' | 'setPage' | 'setPageSize'>;
  total: number;
}) {
  return (
    <Pager
      label={label}
      sizes={list.sizes}
      page={list.page}
      total={total}
      pageSize={list.pageSize}
      onPage={list.setPage}
      onPageSize={list.setPageSize}
    />
  );
}
