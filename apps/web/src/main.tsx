import { preloadBootChunks } from './app/preload-boot-chunks';
import './index.css';
import { afterNextPaint } from './lib/yield-to-main';
import { captureInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register-service-worker';

captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container = root;

// The page is on screen before its scripts run (the server prerenders it): the boot's chunks are fetched after the
// first paint, all at once, so on a slow link they do not compete with the stylesheets, fonts and images of that
// paint. Each is evaluated in a task of its own.
void afterNextPaint().then(async () => {
  preloadBootChunks();
  const appChunk = import('./app/start-app');
  const { boot } = await import('./app/boot');
  await boot(container, appChunk);
});
