import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Served by the server under /house-games/ (modules/house-vendor/client-app.ts): one page for every slot
// (index.html), one for every lottery (lottery/index.html, the address lottery launches answer) and one for the
// instant games (originals/index.html).
export default defineConfig({
  base: '/house-games/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rollupOptions: {
      input: {
        slots: fileURLToPath(new URL('./index.html', import.meta.url)),
        lottery: fileURLToPath(new URL('./lottery/index.html', import.meta.url)),
        originals: fileURLToPath(new URL('./originals/index.html', import.meta.url)),
      },
    },
  },
});
