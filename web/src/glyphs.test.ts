import { describe, expect, it } from 'vitest';
import { DRAWN_NAMES, glyphBody, glyphDefs, glyphId, hasOwnGlyph } from './glyphs';

const NAMES = ['King', 'Queen', 'Rook', 'Bishop', 'Knight', 'Pawn', 'Camel', 'Tiger', 'Man', 'Cannon', 'Walker', 'Duchess', 'Monarch', 'Wazir', 'Princess', 'Leo', 'Elephant', 'Camelrider', 'Griffin', 'Fers', 'Lady', 'Empress', 'Zebra', 'Giraffe', 'Lion', 'Rhinoceros', 'Nightrider', 'Vao', 'Archbishop'];

describe('glyphs', () => {
  it('draws each of the 29 types of Chess 2016 and the swan, each differently', () => {
    expect(DRAWN_NAMES).toHaveLength(30);
    const bodies = new Set<string>();
    for (const name of [...NAMES, 'swan pawn']) {
      expect(hasOwnGlyph(name), name).toBe(true);
      bodies.add(glyphBody(name));
    }
    expect(bodies.size).toBe(30);
    expect(hasOwnGlyph('Amazon')).toBe(false);
  });

  it('makes one symbol per name with a safe id', () => {
    expect(glyphId("Swan event 2 with pawns")).toBe('glyph-swan-event-2-with-pawns');
    const defs = glyphDefs(['King', 'King', 'Queen']);
    expect(defs.match(/<symbol /g)).toHaveLength(2);
  });
});
