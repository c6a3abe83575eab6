import { installSprite } from '../art.js';

/**
 * Each slot's look (symbol art, background, reel frame) is its own chunk, loaded with the game: a player
 * downloads only the theme of the slot they open. Every theme module imports its stylesheet and exports its
 * symbol sprite.
 */
const THEMES: Record<string, () => Promise<{ sprite: string }>> = {
  'lotus-fortune': () => import('./lotus-fortune/index.js'),
  'classic-sevens': () => import('./classic-sevens/index.js'),
  'bengal-tiger': () => import('./bengal-tiger/index.js'),
  'festival-lights': () => import('./festival-lights/index.js'),
};

export const THEMED_GAMES = Object.keys(THEMES);

/** Loads and applies a game's theme; a game without one (or a failed load) keeps the plain look. */
export async function applyTheme(gameId: string): Promise<void> {
  const load = THEMES[gameId];
  if (!load) return;
  try {
    const { sprite } = await load();
    installSprite(sprite);
    document.body.dataset.theme = gameId;
  } catch {
    // The plain look plays the same game.
  }
}
