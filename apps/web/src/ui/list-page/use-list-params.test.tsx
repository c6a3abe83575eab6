import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

function Probe() {
  const list = useListParams('rpage');
  const location = useLocation();
  return (
    <>
      <output>{`${list.page} ${location.search}`}</output>
      <a href={list.hrefFor(1)}>first</a>
      <a href={list.hrefFor(3)}>third</a>
      <button type="button" onClick={() => list.onNavigate(2)}>
        page 2
      </button>
      <button type="button" onClick={() => list.update({ rtype: 'bet' })}>
        filter
      </button>
    </>
  );
}

const renderAt = (url: string) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [url] })} />);

describe('useListParams', () => {
  it('reads the page from the URL, page 1 when absent or not a page number', () => {
    renderAt('/index?mc=records&rpage=4');
    expect(screen.getByRole('status').textContent).toBe('4 ?mc=records&rpage=4');
  });

  it('links pages keeping the other parameters; page 1 is the URL without the parameter', () => {
    renderAt('/index?mc=records&rpage=2');
    expect(screen.getByRole('link', { name: 'third' }).getAttribute('href')).toBe('?mc=records&rpage=3');
    expect(screen.getByRole('link', { name: 'first' }).getAttribute('href')).toBe('?mc=records');
  });

  it('moves between pages, and a changed filter starts from the first page', async () => {
    renderAt('/index?mc=records&rpage=x');
    expect(screen.getByRole('status').textContent).toBe('1 ?mc=records&rpage=x');
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }));
    expect(screen.getByRole('status').textContent).toBe('2 ?mc=records&rpage=2');
    await userEvent.click(screen.getByRole('button', { name: 'filter' }));
    expect(screen.getByRole('status').textContent).toBe('1 ?mc=records&rtype=bet');
  });
});
