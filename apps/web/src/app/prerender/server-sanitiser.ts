/**
 * Stands in for DOMPurify in the server's prerender build (vite.config.ts aliases it there). DOMPurify needs a
 * DOM and, without one, hands its input back unsanitised; the prerendered page never renders server HTML, and if
 * it ever tried to, the prerender fails and the page is sent without it (apps/server/src/platform/prerender.ts).
 */
export default {
  sanitize(): never {
    throw new Error('server HTML cannot be sanitised in the prerender: this part must render in the browser only');
  },
};
