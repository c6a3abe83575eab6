import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { type ListQuery, ListStates } from './list-states';

const query = (state: Partial<ListQuery<string[]>>): ListQuery<string[]> => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

const renderList = (state: Partial<ListQuery<string[]>>, extra: { loading?: string } = {}) =>
  render(
    <ListStates
      query={query(state)}
      isEmpty={(rows) => rows.length === 0}
      empty={<p>Nothing yet</p>}
      loading={extra.loading && <p>{extra.loading}</p>}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );

describe('ListStates', () => {
  beforeAll(() => activateLanguage('en'));

  it('announces loading', () => {
    renderList({ isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading page…');
  });

  it('shows the list its own loading shape when it has one', () => {
    renderList({ isPending: true }, { loading: 'Three grey cards' });
    expect(screen.getByText('Three grey cards')).toBeTruthy();
  });

  it('alerts a failure and tries again on request', async () => {
    const state = query({ isError: true });
    render(
      <ListStates query={state} isEmpty={() => false} empty={null}>
        {() => null}
      </ListStates>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state for an empty list, and the rows otherwise', () => {
    const { unmount } = renderList({ data: [] });
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    unmount();
    renderList({ data: ['first', 'second'] });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
  });
});
