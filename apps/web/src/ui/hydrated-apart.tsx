import { type ReactNode, Suspense } from 'react';

/**
 * A part of the prerendered home page that React hydrates apart from the rest. The server's markup marks it as a
 * boundary, so the browser commits the page's frame first and these parts after it, at a lower priority (and a
 * part the visitor touches first), instead of hydrating and committing the whole tree at once: that commit was the
 * longest task of the boot (docs/performance-log.md, "Fifth pass"). Nothing inside suspends, so on any other render it
 * changes nothing.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
