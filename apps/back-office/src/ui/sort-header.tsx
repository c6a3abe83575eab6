import type { Order, SortState } from './list-state';

/**
 * A column header that sorts the table on the server: a button (Enter or Space), `aria-sort` on the header so a
 * screen reader says which column orders the rows and which way. The first press sorts `firstOrder` (ascending unless
 * told), the next reverses.
 */
export function SortHeader<Sort extends string>({
  column,
  label,
  sort,
  onSort,
  firstOrder = 'asc',
}: {
  column: Sort;
  label: string;
  sort: SortState<Sort>;
  onSort: (next: SortState<Sort>) => void;
  firstOrder?: Order;
}) {
  const active = sort.sort === column;
  return (
    <th scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="sort"
        onClick={() => onSort({ sort: column, order: active ? (sort.order === 'asc' ? 'desc' : 'asc') : firstOrder })}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}
