import { defineConfig } from 'vite';

// Served by the server under /house-games/ (modules/house-vendor/client-app.ts); one page for every slot.
export default defineConfig({
  base: '/house-games/',
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets' },
});
