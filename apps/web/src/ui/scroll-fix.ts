import { useLayoutEffect } from 'react';

let holders = 0;
let saved: { scrollY: number; position: string; top: string; width: string; overflowY: string } | null = null;

function fix() {
  holders += 1;
  if (holders > 1) return;
  const body = document.body;
  const scrollY = window.scrollY;
  saved = {
    scrollY,
    position: body.style.position,
    top: body.style.top,
    width: body.style.width,
    overflowY: body.style.overflowY,
  };
  // Set through the CSSOM (allowed by a strict CSP), never through a style element.
  body.style.position = 'fixed';
  body.style.top = `-${scrollY}px`;
  body.style.width = '100%';
  body.style.overflowY = 'scroll';
}

function release() {
  holders = Math.max(0, holders - 1);
  if (holders > 0 || !saved) return;
  const body = document.body;
  body.style.position = saved.position;
  body.style.top = saved.top;
  body.style.width = saved.width;
  body.style.overflowY = saved.overflowY;
  window.scrollTo(0, saved.scrollY);
  saved = null;
}

/**
 * Spec §2.3: opening a modal fixes the page's scroll position; closing restores it. Pinning the body
 * (position fixed at the negative offset) also stops iOS Safari scrolling the page behind the dialog.
 * Nested dialogs share one pin.
 */
export function useScrollFix(active: boolean) {
  useLayoutEffect(() => {
    if (!active) return;
    fix();
    return release;
  }, [active]);
}
