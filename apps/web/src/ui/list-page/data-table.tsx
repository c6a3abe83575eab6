import type { CSSProperties, Key, ReactNode } from 'react';

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

/*
 * Below the `sm` breakpoint each row is a card: its row header on top, then one "label  value" line per column,
 * so no column (the net result least of all) sits off-screen. The markup stays a table (browsers keep its
 * semantics whatever its display); the labels drawn in each card are hidden from screen readers, which have the
 * column headers.
 */
const TABLE = 'w-full text-sm max-sm:block';
const HEAD = 'bg-slate-800 text-xs text-slate-300 max-sm:sr-only';
const BODY = 'divide-y divide-slate-800 bg-slate-900 max-sm:block';
const ROW = 'max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:px-3 max-sm:py-2';
const CELL = 'px-3 py-2 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:p-0';

/**
 * A table of a list screen (cashback by category, profit by day): a caption for screen readers, column headers,
 * and on a phone one card per row.
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
  /** A minimum width (CSS) from the `sm` breakpoint up, when the columns would otherwise squeeze. */
  minWidth?: string;
}) {
  const align = (column: Column<T>) => (column.isNumeric ? 'text-end tabular-nums whitespace-nowrap' : 'text-start');
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-700" data-testid="data-table">
      <table
        className={minWidth ? `${TABLE} sm:min-w-(--table-min-width)` : TABLE}
        style={minWidth ? ({ '--table-min-width': minWidth } as CSSProperties) : undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className={HEAD}>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`px-3 py-2 font-medium ${align(column)}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={BODY}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={ROW}>
              {columns.map((column) => {
                const extra = typeof column.className === 'function' ? column.className(row) : (column.className ?? '');
                const className = `${CELL} ${align(column)} ${extra}`;
                return column.isRowHeader ? (
                  <th key={column.key} scope="row" className={`${className} font-medium text-slate-100 max-sm:text-base`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    <span aria-hidden="true" className="text-xs font-normal text-slate-400 sm:hidden">
                      {column.header}
                    </span>
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
