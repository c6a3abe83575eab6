import type { Key, ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and money line up at the end. */
  isNumeric?: boolean;
  /** The column that names its row (a `th scope="row"`). */
  isRowHeader?: boolean;
  /** Extra classes of the column's cells, e.g. a colour that depends on nothing but the column. */
  className?: string | ((row: T) => string);
}

/**
 * A table of a list screen (cashback by category, profit by day): a caption for screen readers, column headers,
 * and a horizontal scroll of its own on narrow screens.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** A minimum width (CSS), when the columns would otherwise squeeze. */
  minWidth?: string;
}) {
  const align = (column: Column<T>) => (column.isNumeric ? 'text-end tabular-nums whitespace-nowrap' : 'text-start');
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-700">
      <table className="w-full text-sm" style={minWidth ? { minWidth } : undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-800 text-xs text-slate-300">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`px-3 py-2 font-medium ${align(column)}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800 bg-slate-900">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const extra = typeof column.className === 'function' ? column.className(row) : (column.className ?? '');
                const className = `px-3 py-2 ${align(column)} ${extra}`;
                return column.isRowHeader ? (
                  <th key={column.key} scope="row" className={`${className} font-medium text-slate-100`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
