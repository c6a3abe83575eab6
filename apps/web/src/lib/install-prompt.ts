import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM library's types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'available' | 'installed' | 'unavailable';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const isStandalone = () => typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

/**
 * Called once at start (main.tsx): the browser fires `beforeinstallprompt` early, long before the /down
 * screen's chunk loads, so the event is kept here until the player presses Install.
 */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

function snapshot(): InstallState {
  if (installed || isStandalone()) return 'installed';
  return deferred ? 'available' : 'unavailable';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useInstallState = () => useSyncExternalStore(subscribe, snapshot, () => 'unavailable' as InstallState);

/** Shows the browser's install dialog; resolves with what the player chose. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  notify();
  return outcome;
}
