import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '../../../lib/lazy-chunk';
import { Button } from '../../../ui/button';
import { BOARD_HEIGHT } from './layout';

type Retryable = ComponentType<{ onRetry: () => void }>;

function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-800 px-4 py-3 text-sm">
      <p role="alert">{t('app.boot.screen_error')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('app.boot.retry')}
      </Button>
    </div>
  );
}

/** The board's chunk; a failure shows in its place. React.lazy remembers a failure, so a retry is a new chunk(). */
const boardChunk = (): Retryable =>
  lazy(async (): Promise<{ default: Retryable }> => {
    try {
      return await withChunkTimeout(import('./components/winners-board'));
    } catch {
      return { default: ChunkFailed };
    }
  });

/**
 * The home page's winners board, loaded only when the player scrolls near it: its code is a lazy chunk and its
 * call waits too, so the home route's first paint carries neither (the Lighthouse budget, DESIGN.md §4). The
 * board is an extra: if its chunk fails, only this place says so and offers a retry.
 */
export function WinnersBoardSlot() {
  const holder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [Board, setBoard] = useState(boardChunk);

  useEffect(() => {
    const element = holder.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={holder} data-testid="winners-slot" className={BOARD_HEIGHT}>
      {near && (
        <Suspense fallback={null}>
          <Board onRetry={() => setBoard(boardChunk)} />
        </Suspense>
      )}
    </div>
  );
}
