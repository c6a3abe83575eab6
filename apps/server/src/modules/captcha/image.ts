import { randomInt } from 'node:crypto';
import { encodePng } from './png.js';

/** 5×7 digit glyphs, one string per row, '#' = ink. */
const GLYPHS: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
};

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
const SCALE = 4;

/**
 * Draws the digits of `answer` as a small PNG: each glyph scaled, shifted and sheared at random, in a random
 * dark colour on a light background crossed by noise lines and speckles. Meant to slow scripted guessing,
 * together with the per-address refresh limit and the lockout; it is not a defence on its own.
 */
export function renderCaptcha(answer: string): Buffer {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const pixels = new Uint8Array(w * h * 3);
  const background = [randomInt(215, 256), randomInt(215, 256), randomInt(215, 256)] as const;
  for (let i = 0; i < w * h; i++) pixels.set(background, i * 3);

  const plot = (x: number, y: number, colour: readonly number[]) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    pixels.set(colour, (y * w + x) * 3);
  };

  for (let line = 0; line < 4; line++) {
    const colour = [randomInt(90, 200), randomInt(90, 200), randomInt(90, 200)];
    let y = randomInt(0, h);
    const slope = (randomInt(0, 2001) - 1000) / 2500;
    for (let x = 0; x < w; x++) {
      plot(x, Math.round(y), colour);
      y += slope;
    }
  }

  const step = Math.floor(w / (answer.length + 1));
  [...answer].forEach((digit, index) => {
    const glyph = GLYPHS[digit];
    if (!glyph) throw new RangeError(`no glyph for ${digit}`);
    const colour = [randomInt(0, 110), randomInt(0, 110), randomInt(0, 110)];
    const left = step * (index + 0.5) + randomInt(-3, 4);
    const top = randomInt(2, h - 7 * SCALE - 1);
    const shear = (randomInt(0, 61) - 30) / 100;
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < SCALE; dy++) {
          for (let dx = 0; dx < SCALE; dx++) {
            const y = top + gy * SCALE + dy;
            plot(Math.round(left + gx * SCALE + dx + shear * (y - h / 2)), y, colour);
          }
        }
      });
    });
  });

  for (let speck = 0; speck < 120; speck++) {
    plot(randomInt(0, w), randomInt(0, h), [randomInt(0, 256), randomInt(0, 256), randomInt(0, 256)]);
  }
  return encodePng(w, h, pixels);
}
