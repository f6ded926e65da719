// Black Swan in words: what a chance move's outcome brought (a swan turned over, an event's
// pieces, a promotion's draw), read from the move text the referee announced ("Se4:2+RP",
// "a8:NB"), and what a seat is asked to do while drawn pieces are owed. No rules here.

import type { LegalMove, MoveText } from './types';

const PIECE_WORDS: Record<string, string> = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

const EVENT_WORDS: Record<string, string> = {
  '2+': 'an event: 2 pieces, pawns possible',
  '2-': 'an event: 2 pieces, no pawns',
  '3+': 'an event: 3 pieces, pawns possible',
  '3-': 'an event: 3 pieces, no pawns',
};

export interface Reveal {
  ply: number; // 1-based ply of the move
  san: string; // the move without its outcome
  cell: string; // where it stands
  what: string; // in words
  pieces: string[]; // the pieces it brought, in order (the first stands on `cell`)
}

/** The reveal a move's text announces, or null for a move that turned nothing over. */
export function revealOf(move: MoveText, ply: number): Reveal | null {
  const colon = move.san.lastIndexOf(':');
  if (colon < 0) return null;
  const san = move.san.slice(0, colon);
  const outcome = move.san.slice(colon + 1);
  const cell = /([a-z]+[0-9]+)$/.exec(move.uci.split(':')[0])?.[1] ?? '';
  const event = EVENT_WORDS[outcome.slice(0, 2)];
  const letters = event ? outcome.slice(2) : outcome;
  const pieces = [...letters].map((l) => PIECE_WORDS[l.toUpperCase()] ?? l);
  const swan = san.startsWith('S');
  let what: string;
  if (event) what = `${event} (${pieces.join(', ')})`;
  else if (swan) what = `a ${pieces[0] ?? outcome}`;
  else what = `a promotion: ${pieces.join(', ')}`;
  return { ply, san, cell, what, pieces };
}

/** Every reveal of a game's record, oldest first. */
export function reveals(moves: MoveText[]): Reveal[] {
  const out: Reveal[] = [];
  moves.forEach((m, i) => {
    const r = revealOf(m, i + 1);
    if (r) out.push(r);
  });
  return out;
}

/** What the seat is asked while drawn pieces are owed ("Place the drawn rook"), else null. */
export function placementPrompt(legal: LegalMove[]): string | null {
  if (legal.length === 0 || legal.some((m) => m.from !== m.to)) return null;
  const token = legal[0].promotion ?? legal[0].uci.split('@')[0];
  const name = PIECE_WORDS[token.toUpperCase()] ?? token;
  return `Place the drawn ${name}: click a highlighted cell`;
}

/** The unseen tile counts of one side ("8×P 2×N … 1×3-"), in the game's tile order, zeros left out. */
export function unseenText(counts: Record<string, number> | undefined, order: string[] = []): string {
  if (!counts) return '';
  const rank = (tile: string): number => (order.includes(tile) ? order.indexOf(tile) : order.length);
  const text = Object.entries(counts)
    .sort(([a], [b]) => rank(a) - rank(b))
    .filter(([, n]) => n > 0)
    .map(([tile, n]) => `${n}×${tile}`)
    .join(' ');
  return text || 'none';
}
