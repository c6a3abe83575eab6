import type { ReactNode } from 'react';

/** The "nothing here yet" state every list screen shows for a real empty list. */
export function EmptyState({ title, text, action }: { title: ReactNode; text?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-700 px-6 py-12 text-center">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 text-slate-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="3" y="6" width="18" height="13" rx="2" />
        <path d="M3 10h18M8 3v3M16 3v3" />
      </svg>
      <p className="font-semibold text-slate-200">{title}</p>
      {text && <p className="max-w-sm text-sm text-slate-400">{text}</p>}
      {action}
    </div>
  );
}
