import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { seedBootData } from './app/boot-data';
import { takeOverPrerender } from './app/prerender/takeover';
import './index.css';
import { captureInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register-service-worker';

captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  // Before the first query: the status the server inlined into the page saves the first round trip.
  seedBootData(queryClient);
  // The rest of the boot (the router and the route's chunks) in a task of its own: evaluating the entry chunk is
  // one long task already, and a main thread busy longer in one piece is slower to answer a tap.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const takeover = await takeOverPrerender(container, queryClient);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={takeover?.router} />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first page in short slices instead of one long task that would
  // keep the main thread from input, then commits it at once.
  startTransition(() => {
    if (takeover?.hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start(root);
