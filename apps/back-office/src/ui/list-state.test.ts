import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './list-state';

const defaults = {
  filters: { status: 'pending', account: '' },
  sort: { sort: 'created' as 'created' | 'amount', order: 'asc' as const },
  sorts: ['created', 'amount'] as const,
  pageSize: 25 as 25 | 50,
  sizes: [25, 50] as const,
};

describe('a list kept in the address', () => {
  it('starts from its defaults on a plain address', () => {
    expect(readListState(new URLSearchParams(), defaults)).toEqual({
      filters: { status: 'pending', account: '' },
      sort: { sort: 'created', order: 'asc' },
      page: 1,
      pageSize: 25,
    });
  });

  it('reads back what it wrote, and writes only what differs from the defaults', () => {
    const state = {
      filters: { status: '', account: 'karim' },
      sort: { sort: 'amount' as const, order: 'desc' as const },
      page: 3,
      pageSize: 50 as const,
    };
    const written = writeListState(new URLSearchParams('tab=draws'), state, defaults);
    expect(written.toString()).toBe('tab=draws&status=&account=karim&sort=amount&order=desc&page=3&size=50');
    expect(readListState(written, defaults)).toEqual(state);
    expect(writeListState(written, { ...readListState(new URLSearchParams(), defaults) }, defaults).toString()).toBe('tab=draws');
  });

  it('falls back to the default for a sort, order, page or size it does not know', () => {
    const state = readListState(new URLSearchParams('sort=drop&order=sideways&page=-2&size=7'), defaults);
    expect(state.sort).toEqual({ sort: 'created', order: 'asc' });
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(25);
    expect(readListState(new URLSearchParams('page=2.5'), defaults).page).toBe(1);
  });
});
