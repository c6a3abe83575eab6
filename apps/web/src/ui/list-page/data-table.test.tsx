import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { RowList } from './row-list';

interface Row {
  category: string;
  bet: string;
}

const rows: Row[] = [
  { category: 'Slots', bet: '৳ 10.00' },
  { category: 'Live', bet: '৳ 2.50' },
];

describe('DataTable', () => {
  it('is a captioned table whose first column names each row', () => {
    render(
      <DataTable
        caption="Cashback by category"
        rows={rows}
        rowKey={(row) => row.category}
        columns={[
          { key: 'category', header: 'Category', cell: (row) => row.category, isRowHeader: true },
          { key: 'bet', header: 'Valid bet', cell: (row) => row.bet, isNumeric: true },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Cashback by category' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Category', 'Valid bet']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Slots', 'Live']);
    expect(within(table).getByRole('cell', { name: '৳ 2.50' }).className).toContain('text-end');
  });
});

describe('RowList', () => {
  it('is a named list with one item per row', () => {
    render(
      <RowList label="Records" rows={rows} rowKey={(row) => row.category} rowTestId="record-row">
        {(row) => row.category}
      </RowList>,
    );
    const list = screen.getByRole('list', { name: 'Records' });
    expect(
      within(list)
        .getAllByTestId('record-row')
        .map((item) => item.textContent),
    ).toEqual(['Slots', 'Live']);
  });
});
