import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * Whether this render is React attaching to markup the server wrote (or the server's own render): a first render
 * that must produce exactly that markup, so it may not read what only the browser knows yet. React renders the
 * component again at once after hydration, where this is false.
 */
export const useHydrating = () =>
  useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
