import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { Pagination, pageItems } from './pagination';

const pages = (current: number, total: number) =>
  pageItems(current, total).map((item) => (item.type === 'page' ? item.page : '…'));

describe('pageItems (page range 3, margin pages 1)', () => {
  it('shows every page when they fit', () => expect(pages(1, 5)).toEqual([1, 2, 3, 4, 5]));
  it('shows the ends and three pages around the current one', () => {
    expect(pages(1, 10)).toEqual([1, 2, 3, '…', 10]);
    expect(pages(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
    expect(pages(10, 10)).toEqual([1, '…', 8, 9, 10]);
  });
});

describe('Pagination', () => {
  beforeAll(() => activateLanguage('en'));
  const labels = { nav: 'Notice pages', previous: 'Previous page', next: 'Next page', page: (n: number) => `Page ${n}` };

  it('is a navigation landmark marking the current page', () => {
    render(<Pagination current={2} total={4} hrefFor={(n) => `?page=${n}`} onNavigate={() => {}} labels={labels} />);
    const nav = screen.getByRole('navigation', { name: 'Notice pages' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('?page=3');
  });

  it('navigates without reloading the page', async () => {
    const onNavigate = vi.fn();
    render(<Pagination current={1} total={3} hrefFor={(n) => `?page=${n}`} onNavigate={onNavigate} labels={labels} />);
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(onNavigate).toHaveBeenCalledWith(2);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination current={1} total={1} hrefFor={String} onNavigate={() => {}} labels={labels} />);
    expect(container.innerHTML).toBe('');
  });

  it('names its links in the site language when the list gives no labels', () => {
    render(<Pagination current={2} total={3} hrefFor={(n) => `?page=${n}`} onNavigate={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 3' })).toBeTruthy();
  });

  it('keeps the default words for the labels a list does not give', () => {
    render(<Pagination current={1} total={2} hrefFor={String} onNavigate={() => {}} labels={{ nav: 'Record pages' }} />);
    expect(screen.getByRole('navigation', { name: 'Record pages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' })).toBeTruthy();
  });
});
