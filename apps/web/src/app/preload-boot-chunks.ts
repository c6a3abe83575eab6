/**
 * Requests the chunks index.html lists in `#boot-chunks` (vite.config.ts: the boot's and the home route's) all at
 * once, as module preloads, so the boot's imports find them loaded or on the way. Absent (the dev server), nothing
 * is preloaded.
 */
export function preloadBootChunks() {
  const element = document.getElementById('boot-chunks');
  let lists: unknown;
  try {
    lists = JSON.parse(element?.textContent ?? '{}');
  } catch {
    return;
  }
  if (typeof lists !== 'object' || lists === null) return;
  for (const url of Object.values(lists).flat()) {
    if (typeof url !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As Vite's own preloads and the module imports themselves: a preload in another mode would not be reused.
    link.crossOrigin = '';
    link.href = url;
    document.head.append(link);
  }
}
