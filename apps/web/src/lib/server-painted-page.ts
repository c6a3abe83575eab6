let serverPainted = false;

/**
 * The page on screen when the app started was the server's (the prerendered home page), so the visitor may already
 * be reading or using it when the app takes it over: what would appear by itself then (the popup announcement)
 * waits for the next navigation instead of landing over a page in use.
 */
export function pageWasServerPainted() {
  serverPainted = true;
}

/** Whether the page at the router's first location (key `default`) was painted by the server. */
export const isServerPaintedPage = (locationKey: string) => serverPainted && locationKey === 'default';
