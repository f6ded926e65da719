import { describe, expect, it } from 'vitest';
import chess from './fixtures/geometry-chess.json';
import chess2016 from './fixtures/geometry-chess2016.json';
import chess66 from './fixtures/geometry-chess66.json';
import { fenCellOrder, fenShapeError, fenTurn, readFenBoard } from './fen';
import type { Geometry } from './types';

const orthodox = ['K', 'Q', 'R', 'B', 'N', 'P'];
const tokens2016 = [...orthodox, 'C', 'T', 'M', 'O', 'A', 'D', 'U', 'W', 'S', 'X', 'E', "C'", "G'", 'F', 'J', 'Y', 'Z', 'G', 'L', "R'", 'I', 'V', 'H'];

describe('readFenBoard', () => {
  it('reads the orthodox start', () => {
    const pieces = readFenBoard('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', chess as unknown as Geometry, orthodox);
    expect(pieces.size).toBe(32);
    expect(pieces.get('e1')).toEqual({ token: 'K', colour: 'white' });
    expect(pieces.get('d8')).toEqual({ token: 'Q', colour: 'black' });
    expect(pieces.has('e4')).toBe(false);
  });

  it('reads Chess 66 ranks of nine cells with the fields 4 and 5', () => {
    const g = chess66 as unknown as Geometry;
    const order = fenCellOrder(g);
    expect(order.map((r) => r.length)).toEqual([8, 8, 8, 9, 9, 8, 8, 8]);
    expect(order[3].map((c) => c.name).slice(0, 3)).toEqual(['a5', 'b5', 'c5']);
    expect(order[3][8].name).toBe('5');
    expect(order[4][0].name).toBe('4');
    const pieces = readFenBoard('4k3/8/8/8P/N8/8/8/4K3 w - - 0 1', g, orthodox);
    expect(pieces.get('4')).toEqual({ token: 'N', colour: 'white' });
    expect(pieces.get('5')).toEqual({ token: 'P', colour: 'white' });
  });

  it('reads primed tokens as one man (longest token first)', () => {
    const g = chess2016 as unknown as Geometry;
    const pieces = readFenBoard("tmc't/rgnbqkbngr/pppppppppp/12/12/12/12/PPPPPPPPPP/RGNBQKBNGR/TMC'T w KBkb - 0 1", g, tokens2016);
    expect(pieces.size).toBe(48);
    expect(pieces.get('g10')).toEqual({ token: "C'", colour: 'black' });
    expect(pieces.get('g1')).toEqual({ token: "C'", colour: 'white' });
    expect(pieces.get('e1')).toEqual({ token: 'T', colour: 'white' });
  });

  it('refuses a board of the wrong shape or an unknown man', () => {
    const g = chess as unknown as Geometry;
    expect(() => readFenBoard('8/8/8 w - - 0 1', g, orthodox)).toThrow(/3 ranks, expected 8/);
    expect(() => readFenBoard('9/8/8/8/8/8/8/8 w - - 0 1', g, orthodox)).toThrow(/rank 1 has 9 cells/);
    expect(() => readFenBoard('x7/8/8/8/8/8/8/8 w - - 0 1', g, orthodox)).toThrow(/unknown piece/);
  });
});

describe('FEN fields', () => {
  it('reads the side to move and checks the shape', () => {
    expect(fenTurn('8/8 b - - 0 1')).toBe('black');
    expect(fenTurn('8/8')).toBeNull();
    expect(fenShapeError('')).toMatch(/empty/);
    expect(fenShapeError('8/8/8')).toMatch(/no side to move/);
    expect(fenShapeError('8/8/8 x')).toMatch(/'x'/);
    expect(fenShapeError('8/8/8 w - - 0 1')).toBeNull();
  });
});
