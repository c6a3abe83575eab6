import { useRef } from 'react';
import { useSearchParams } from 'react-router';

export type Order = 'asc' | 'desc';

/** The column a table is sorted by and which way. */
export interface SortState<Sort extends string> {
  sort: Sort;
  order: Order;
}

/** Filter values as the form holds them: text, a select's value, a `yyyy-mm-dd` day; empty means "any". */
export type FilterValues = Record<string, string>;

/** What a list starts with, and what its sort and page size may be. */
export interface ListDefaults<Filters extends FilterValues, Sort extends string, Size extends number> {
  filters: Filters;
  sort: SortState<Sort>;
  sorts: readonly Sort[];
  pageSize: Size;
  sizes: readonly Size[];
}

export interface ListState<Filters extends FilterValues, Sort extends string, Size extends number> {
  filters: Filters;
  sort: SortState<Sort>;
  page: number;
  pageSize: Size;
}

const LIST_KEYS = ['sort', 'order', 'page', 'size'];

/** A list's state from the address's query: what it leaves out or gets wrong falls back to the default. */
export function readListState<Filters extends FilterValues, Sort extends string, Size extends number>(
  params: URLSearchParams,
  defaults: ListDefaults<Filters, Sort, Size>,
): ListState<Filters, Sort, Size> {
  const filters = Object.fromEntries(
    Object.entries(defaults.filters).map(([name, value]) => [name, params.get(name) ?? value]),
  ) as Filters;
  const sort = defaults.sorts.find((name) => name === params.get('sort')) ?? defaults.sort.sort;
  const orderParam = params.get('order');
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaults.sort.order;
  const page = Number(params.get('page'));
  const pageSize = defaults.sizes.find((size) => size === Number(params.get('size'))) ?? defaults.pageSize;
  return { filters, sort: { sort, order }, page: Number.isInteger(page) && page >= 1 ? page : 1, pageSize };
}

/**
 * The address's query for a list's state: only what differs from the defaults, so a plain visit has a plain address;
 * parameters that are not the list's (a screen's tab) stay.
 */
export function writeListState<Filters extends FilterValues, Sort extends string, Size extends number>(
  current: URLSearchParams,
  state: ListState<Filters, Sort, Size>,
  defaults: ListDefaults<Filters, Sort, Size>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...LIST_KEYS, ...Object.keys(defaults.filters)]) next.delete(key);
  for (const [name, value] of Object.entries(state.filters)) if (value !== defaults.filters[name]) next.set(name, value);
  if (state.sort.sort !== defaults.sort.sort) next.set('sort', state.sort.sort);
  if (state.sort.order !== defaults.sort.order) next.set('order', state.sort.order);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.pageSize !== defaults.pageSize) next.set('size', String(state.pageSize));
  return next;
}

/**
 * A server-paged list's filters, sort, page and page size, kept in the address: reloading, the back button and a
 * link to a colleague show the same rows. A new filter, sort or page size starts again at the first page.
 */
export function useListState<Filters extends FilterValues, Sort extends string, Size extends number>(
  defaults: ListDefaults<Filters, Sort, Size>,
) {
  const [params, setParams] = useSearchParams();
  const state = readListState(params, defaults);
  // Two changes in one event (the pager's size, then its first page) each build on the one before.
  const latest = useRef({ params, state });
  if (latest.current.params !== params) latest.current = { params, state };
  const change = (patch: Partial<ListState<Filters, Sort, Size>>) => {
    const next = { ...latest.current.state, ...patch };
    const nextParams = writeListState(latest.current.params, next, defaults);
    latest.current = { params: nextParams, state: next };
    setParams(nextParams);
  };
  return {
    ...state,
    sizes: defaults.sizes,
    setFilters: (filters: Filters) => change({ filters, page: 1 }),
    setSort: (sort: SortState<Sort>) => change({ sort, page: 1 }),
    setPage: (page: number) => change({ page }),
    setPageSize: (pageSize: Size) => change({ pageSize, page: 1 }),
  };
}

/** What `useListState` hands a screen: the state and its setters. */
export type ListControls<Filters extends FilterValues, Sort extends string, Size extends number> = ReturnType<
  typeof useListState<Filters, Sort, Size>
>;
