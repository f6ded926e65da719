// Reading the board field of a FEN onto the game's cells. The dialect (docs/notation.md): ranks
// from the top, each rank's cells left to right as drawn, a number for a run of empty cells,
// holes not written; a piece is the longest token the game defines (`C'` before `C`), upper case
// White. The order of cells comes from the geometry alone, so every board reads the same way.

import type { Cell, Colour, Geometry, PieceOnBoard } from './types';

/** The cells in FEN order: rank by rank from the top, left to right by drawn centre. */
export function fenCellOrder(geometry: Geometry): Cell[][] {
  const byRank = new Map<number, Cell[]>();
  for (const cell of geometry.cells) {
    const row = byRank.get(cell.rank) ?? [];
    row.push(cell);
    byRank.set(cell.rank, row);
  }
  return [...byRank.keys()]
    .sort((a, b) => b - a)
    .map((rank) => byRank.get(rank)!.sort((a, b) => a.centre[0] - b.centre[0]));
}

export class FenError extends Error {}

/**
 * Places the pieces of a FEN's board field on cell names. `tokens` are the game's piece tokens
 * (upper case, as /api/board lists them). Throws FenError naming what is wrong.
 */
export function readFenBoard(
  fen: string,
  geometry: Geometry,
  tokens: string[],
): Map<string, PieceOnBoard> {
  const boardField = fen.trim().split(/\s+/)[0] ?? '';
  const rows = boardField.split('/');
  const order = fenCellOrder(geometry);
  if (rows.length !== order.length)
    throw new FenError(`FEN board has ${rows.length} ranks, expected ${order.length}`);
  // Longest first, so that a primed token wins over its letter alone.
  const known = [...tokens].sort((a, b) => b.length - a.length);
  const pieces = new Map<string, PieceOnBoard>();
  rows.forEach((row, r) => {
    const cells = order[r];
    let at = 0;
    let i = 0;
    while (i < row.length) {
      const digits = /^\d+/.exec(row.slice(i));
      if (digits) {
        at += Number(digits[0]);
        i += digits[0].length;
        continue;
      }
      const token = known.find((t) => row.startsWith(t, i) || row.startsWith(lower(t), i));
      if (!token) throw new FenError(`FEN rank ${r + 1} has an unknown piece at '${row.slice(i)}'`);
      if (at >= cells.length) throw new FenError(`FEN rank ${r + 1} has more than ${cells.length} cells`);
      const colour: Colour = row.startsWith(token, i) ? 'white' : 'black';
      pieces.set(cells[at].name, { token, colour });
      at += 1;
      i += token.length;
    }
    if (at !== cells.length)
      throw new FenError(`FEN rank ${r + 1} has ${at} cells, expected ${cells.length}`);
  });
  return pieces;
}

function lower(token: string): string {
  return token.toLowerCase();
}

/** The side to move of a FEN ('w' or 'b'); null when the field is missing or malformed. */
export function fenTurn(fen: string): Colour | null {
  const side = fen.trim().split(/\s+/)[1];
  return side === 'w' ? 'white' : side === 'b' ? 'black' : null;
}

/** A quick shape check before sending a typed FEN to the server (which checks the meaning). */
export function fenShapeError(fen: string): string | null {
  const fields = fen.trim().split(/\s+/);
  if (fields.length === 0 || fields[0] === '') return 'the FEN is empty';
  if (fields.length < 2) return 'the FEN has no side to move (w or b)';
  if (fenTurn(fen) === null) return `the FEN's side to move is '${fields[1]}', expected w or b`;
  return null;
}
