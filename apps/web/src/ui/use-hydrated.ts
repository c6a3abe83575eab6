import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's render and while React hydrates that markup, true once the page is the app's: for controls
 * of a prerendered page that do nothing until then (a choice made on them before would be lost).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
