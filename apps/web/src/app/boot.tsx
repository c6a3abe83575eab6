import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { yieldToMain } from '../lib/yield-to-main';
import { seedBootData } from './boot-data';
import { replayEarlyTap } from './prerender/early-taps';
import { createQueryClient } from './query-client';
import type { startApp } from './start-app';

/**
 * The boot, a chunk of its own (main.tsx): the query cache from the boot data, then the app chunk (router, takeover
 * of the prerendered page), then the first render, each in a task of its own.
 */
export async function boot(container: HTMLElement, appChunk: Promise<{ startApp: typeof startApp }>) {
  const queryClient = createQueryClient();
  // Before the first query: the status the server inlined into the page saves the first round trip.
  seedBootData(queryClient);
  await yieldToMain();
  const { app, hydrate } = await (await appChunk).startApp(container, queryClient);
  // A transition: React renders (or hydrates) the first page in short slices instead of one long task that would
  // keep the main thread from input, then commits it at once.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  replayEarlyTap(container, hydrate);
}
