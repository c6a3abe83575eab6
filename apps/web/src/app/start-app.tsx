import type { QueryClient } from '@tanstack/react-query';
import { type ReactElement, StrictMode } from 'react';
import { yieldToMain } from '../lib/yield-to-main';
import { App } from './app';
import { takeOverPrerender } from './prerender/takeover';

/**
 * The app's part of the boot (boot.tsx), a chunk of its own: the router, the takeover of the prerendered page and
 * the element to render. Returns whether that element hydrates the page already on screen.
 */
export async function startApp(
  container: HTMLElement,
  queryClient: QueryClient,
): Promise<{ app: ReactElement; hydrate: boolean }> {
  // Creating the router in a task of its own, after the one that evaluated this chunk.
  await yieldToMain();
  const takeover = await takeOverPrerender(container, queryClient);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={takeover?.router} />
    </StrictMode>
  );
  return { app, hydrate: takeover?.hydrate ?? false };
}
