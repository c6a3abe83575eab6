import { preloadBootChunks } from './app/preload-boot-chunks';
import { noteEarlyTaps } from './app/prerender/early-taps';
import { bootOnFirstTap, showHomeAddress, staysStatic } from './app/prerender/static-home';
import { yieldToMain } from './lib/yield-to-main';
import './index.css';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './pwa/register-service-worker';

captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Each chunk is evaluated in a task of its own; React DOM first, the largest.
const boot = (container: HTMLElement) => {
  const appChunk = import('./app/start-app');
  void import('react-dom/client')
    .then(yieldToMain)
    .then(() => import('./app/boot'))
    .then(({ boot }) => boot(container, appChunk));
};

noteEarlyTaps(root);
if (staysStatic(root)) {
  // A visitor's home page stays the server's HTML until a tap needs the app (app/prerender/static-home.ts).
  showHomeAddress();
  bootOnFirstTap(root, preloadBootChunks, () => boot(root));
} else {
  // Another page is painted by the app, or the server's page is taken over at once: the boot's and the home route's
  // chunks are requested all at once instead of one import after another.
  preloadBootChunks();
  boot(root);
}
