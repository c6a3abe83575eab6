import { PRERENDERED_ATTRIBUTE } from '@tessera/contract/api/boot-data';

/**
 * A tap on a button of the prerendered page before the app has started hydrating it would be lost: React attaches
 * its handlers when hydration starts, and a phone shows the page a second or more before that. The entry notes the
 * last button tapped; right after hydration starts, that button (the same element: hydration keeps the markup's
 * nodes) is clicked again, and React hydrates the part it sits in first, as it does for a tap during hydration.
 * Links need nothing: without the app they navigate as plain links.
 */
let tapped: HTMLButtonElement | null = null;

const note = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) tapped = button;
};

export function noteEarlyTaps(container: HTMLElement) {
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) container.addEventListener('click', note, true);
}

/**
 * Right after the first render has started: when it hydrates the prerendered page, the noted button is clicked
 * again; a page rendered anew (a member's, another language's) has buttons of its own, so the tap is dropped.
 */
export function replayEarlyTap(container: HTMLElement, isHydrating: boolean) {
  container.removeEventListener('click', note, true);
  const button = tapped;
  tapped = null;
  if (isHydrating && button?.isConnected && !button.disabled) button.click();
}
