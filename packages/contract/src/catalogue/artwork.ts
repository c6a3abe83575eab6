/**
 * Shown when a game or vendor icon fails to load (spec §8: image failures fall back to a default icon). A path
 * relative to the image CDN, like every catalogue icon; the server serves it from apps/server/static/catalogue.
 */
export const DEFAULT_GAME_ICON = '/media/catalogue/default.dc40b7c1.svg';
