import { preloadBootChunks } from './app/preload-boot-chunks';
import { noteEarlyTaps } from './app/prerender/early-taps';
import { yieldToMain } from './lib/yield-to-main';
import './index.css';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './pwa/register-service-worker';

captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The page is on screen before its scripts run (the server prerenders it). This entry is small and fetched at low
// priority behind the stylesheets, fonts and images of the first paint; it requests the boot's and the home route's
// chunks all at once (instead of one import after another), then boots. Each chunk is evaluated in a task of its own.
preloadBootChunks();
noteEarlyTaps(root);
const appChunk = import('./app/start-app');
// React DOM first, in a task of its own: it is most of the boot chunk, whose evaluation was the boot's longest task.
void import('react-dom/client')
  .then(yieldToMain)
  .then(() => import('./app/boot'))
  .then(({ boot }) => boot(root, appChunk));
