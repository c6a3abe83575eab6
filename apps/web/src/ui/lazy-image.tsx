import { useLayoutEffect, useRef, useState } from 'react';
import { isLoaded, loadImage, whenNearViewport } from '../lib/image-loader';
import { useHydrating } from '../lib/use-hydrating';

type State = 'waiting' | 'loaded' | 'failed';

function FallbackIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-1/3 max-h-12 max-w-12 text-slate-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="2" y="6" width="20" height="12" rx="4" />
      <path d="M7 10v4M5 12h4M15 11h.01M18 13h.01" />
    </svg>
  );
}

/**
 * An image that loads when it nears the viewport (lib/image-loader.ts: spec §9 constants) and shows a fallback
 * icon when it cannot be loaded after its attempts. `src` null shows the fallback at once.
 */
export function LazyImage({
  src,
  alt,
  className = '',
  imgClassName = 'size-full object-cover',
}: {
  src: string | null;
  alt: string;
  className?: string;
  imgClassName?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The server loads no image, so hydration starts waiting like its markup; the layout effect below then shows an
  // image this page has loaded already (the same game in another lane) before the browser paints.
  const hydrating = useHydrating();
  const [state, setState] = useState<State>(() => (src === null ? 'failed' : !hydrating && isLoaded(src) ? 'loaded' : 'waiting'));
  // Watching the viewport is a DOM subscription: an effect is the place for it.
  useLayoutEffect(() => {
    if (src === null) {
      setState('failed');
      return;
    }
    if (isLoaded(src)) {
      setState('loaded');
      return;
    }
    setState('waiting');
    const element = box.current;
    if (!element) return;
    let alive = true;
    const stop = whenNearViewport(element, () => {
      void loadImage(src).then((ok) => {
        if (alive) setState(ok ? 'loaded' : 'failed');
      });
    });
    return () => {
      alive = false;
      stop();
    };
  }, [src]);

  return (
    <div ref={box} className={`relative grid place-items-center overflow-hidden bg-slate-800 ${className}`}>
      {/* While waiting, the box's own background is the placeholder: a pulse per image (dozens in a lobby) would
          keep the compositor drawing frames for as long as the images load. */}
      {state === 'loaded' && src !== null ? (
        <img src={src} alt={alt} className={imgClassName} decoding="async" />
      ) : state === 'failed' ? (
        <>
          <FallbackIcon />
          {alt && <span className="sr-only">{alt}</span>}
        </>
      ) : null}
    </div>
  );
}
