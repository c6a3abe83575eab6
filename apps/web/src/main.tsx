import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import './index.css';
import { captureInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register-service-worker';

captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
