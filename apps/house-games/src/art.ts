import { symbolFace } from '@tessera/house-engine/slots/symbols';

const SVG = 'http://www.w3.org/2000/svg';
const SPRITE_ID = 'slot-sprite';

/**
 * Puts a theme's symbol sprite (an SVG of `<symbol id="s-<symbol id>">`) into the page once. Parsed as SVG, never
 * as HTML. Kept rendered at zero size rather than `display: none`, which would switch off its gradients.
 */
export function installSprite(markup: string) {
  if (document.getElementById(SPRITE_ID)) return;
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  if (parsed.nodeName !== 'svg') return;
  const sprite = document.importNode(parsed, true);
  sprite.id = SPRITE_ID;
  sprite.setAttribute('class', 'sprite');
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('focusable', 'false');
  document.body.prepend(sprite);
}

const hasArt = (id: string) => document.getElementById(`s-${id}`) !== null;

/**
 * Shows symbol `id` in `element`: the theme's drawing when there is one, else the glyph in its colour (a game
 * whose theme did not load still plays). The element stays the same size either way.
 */
export function paintSymbol(element: HTMLElement, id: string) {
  if (hasArt(id)) {
    let use = element.querySelector('use');
    if (!use) {
      const svg = document.createElementNS(SVG, 'svg');
      svg.setAttribute('viewBox', '0 0 100 100');
      svg.setAttribute('class', 'art');
      svg.setAttribute('aria-hidden', 'true');
      svg.setAttribute('focusable', 'false');
      use = document.createElementNS(SVG, 'use');
      svg.append(use);
      element.replaceChildren(svg);
    }
    use.setAttribute('href', `#s-${id}`);
    element.style.removeProperty('color');
  } else {
    const face = symbolFace(id);
    element.textContent = face.glyph;
    element.style.color = face.colour;
  }
  element.dataset.symbol = id;
}
