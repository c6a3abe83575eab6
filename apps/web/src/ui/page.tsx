import type { ReactNode } from 'react';

/** A screen's frame: its heading (the page's h1) and content. */
export function Page({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-5 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold text-slate-50 sm:text-2xl">{title}</h1>
        {intro && <p className="text-sm text-slate-400">{intro}</p>}
      </header>
      {children}
    </section>
  );
}
