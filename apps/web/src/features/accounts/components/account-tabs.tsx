import type { ReactNode } from 'react';

/** Two or more tabs over one form (login: username/SMS; register: username/mobile); one tab shows no bar. */
export function AccountTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
}) {
  if (tabs.length < 2) return null;
  return (
    <div role="tablist" aria-label={label} className="mb-4 grid grid-flow-col gap-1 rounded-lg bg-slate-800 p-1">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          onClick={() => onChange(tab.value)}
          className="min-h-10 rounded-md px-3 text-sm font-semibold text-slate-300 aria-selected:bg-amber-400 aria-selected:text-slate-950"
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
