import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18n } from '../i18n/i18n';
import { DataTable, QueryView } from './data-table';

beforeAll(async () => {
  await startI18n();
});

type Rows = { rows: string[] };
const read = (state: Partial<UseQueryResult<Rows, Error>>) =>
  ({ isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...state }) as UseQueryResult<Rows, Error>;

const view = (query: UseQueryResult<Rows, Error>, needs: UseQueryResult<unknown, Error>[] = []) => (
  <QueryView
    query={query}
    needs={needs}
    isEmpty={(data) => data.rows.length === 0}
    empty="Nothing waits."
    count={(data) => `${data.rows.length} rows`}
  >
    {(data) => (
      <DataTable caption="Deposits" busy={query.isFetching} head={<th scope="col">Account</th>}>
        {data.rows.map((row) => (
          <tr key={row}>
            <td>{row}</td>
          </tr>
        ))}
      </DataTable>
    )}
  </QueryView>
);

describe('a server list and its table', () => {
  it('says it is loading while the list or what it needs loads', () => {
    render(view(read({ isPending: false, data: { rows: ['a'] } }), [read({ isPending: true })]));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('shows a failure with a way to try again', async () => {
    const refetch = vi.fn();
    render(view(read({ isError: true, error: new Error('down'), refetch })));
    expect(screen.getByRole('alert').textContent).toContain('Try again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says when there is nothing to list', () => {
    render(view(read({ data: { rows: [] } })));
    expect(screen.getByText('Nothing waits.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the rows under a caption and their count, busy while the next answer loads', () => {
    render(view(read({ data: { rows: ['karim', 'rahim'] }, isFetching: true })));
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 rows').getAttribute('aria-live')).toBe('polite');
  });

  it('keeps a wide table in a named frame the keyboard reaches, to scroll it sideways', async () => {
    render(view(read({ data: { rows: ['karim'] } })));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Deposits' }));
  });
});
