import type { Key, ReactNode } from 'react';

/**
 * The rows of a list screen (records, bets, orders, transfers): one bordered card of rows on every screen,
 * named for screen readers by `label`. `rowTestId` marks each row for the end-to-end specs.
 */
export function RowList<T>({
  label,
  rows,
  rowKey,
  children,
  rowClassName = 'grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-4 py-3 text-sm',
  rowTestId,
  testId,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  children: (row: T) => ReactNode;
  rowClassName?: string;
  rowTestId?: string;
  testId?: string;
}) {
  return (
    <ul
      aria-label={label}
      className="flex flex-col divide-y divide-slate-800 rounded-2xl border border-slate-700 bg-slate-900"
      data-testid={testId}
    >
      {rows.map((row) => (
        <li key={rowKey(row)} className={rowClassName} data-testid={rowTestId}>
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
