import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SortHeader } from './sort-header';

const table = (sort: { sort: 'name' | 'order'; order: 'asc' | 'desc' }, onSort = vi.fn()) => (
  <table>
    <thead>
      <tr>
        <SortHeader column="name" label="Name" sort={sort} onSort={onSort} />
        <SortHeader column="order" label="Order" sort={sort} onSort={onSort} />
      </tr>
    </thead>
  </table>
);

describe('a sortable column header', () => {
  it('tells a screen reader which column sorts the rows and which way, the arrows hidden from it', () => {
    render(table({ sort: 'name', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Order' }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('button', { name: 'Name' })).toBeTruthy();
  });

  it('sorts another column ascending first and reverses the active one, from the keyboard too', async () => {
    const onSort = vi.fn();
    render(table({ sort: 'name', order: 'asc' }, onSort));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'name', order: 'desc' });
    screen.getByRole('button', { name: 'Order' }).focus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'order', order: 'asc' });
  });
});
