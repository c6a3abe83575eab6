import { describe, expect, it } from 'vitest';
import { SLOT_GAMES } from './catalogue.js';
import { SYMBOL_FACES } from './symbols.js';

describe('symbol faces', () => {
  it('give every symbol of every game a glyph and a name in each language', () => {
    for (const game of SLOT_GAMES) {
      for (const symbol of game.symbols) {
        const face = SYMBOL_FACES[symbol.id];
        expect(face, `${game.id} ${symbol.id}`).toBeDefined();
        expect(face?.glyph).not.toBe('');
        expect(face?.name.bn).not.toBe('');
      }
    }
  });

  it('tell apart symbols that share a glyph by colour and name', () => {
    const faces = Object.values(SYMBOL_FACES);
    for (const a of faces) {
      for (const b of faces.filter((other) => other !== a && other.glyph === a.glyph)) {
        expect(b.colour).not.toBe(a.colour);
        expect(b.name.en).not.toBe(a.name.en);
      }
    }
  });
});
