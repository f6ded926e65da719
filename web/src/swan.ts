// Black Swan in words: what a chance move's outcome brought (a swan turned over, an event's
// pieces, a promotion's draw), from the data the server sends with the move (`brought`), and what
// a seat is asked to do while drawn pieces are owed; and the players' contributions to the
// randomness (fresh ones, and which sides a seat may still give). No rules here, and no reading
// of move text.

import type { Colour, GameState, LegalMove, MoveText } from './types';

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
  pieces: string[]; // the pieces it brought, in the order drawn (the owner chooses which stays on `cell`)
}

/** The reveal a move brought, or null for a move that turned nothing over. */
export function revealOf(move: MoveText, ply: number): Reveal | null {
  const b = move.brought;
  if (!b) return null;
  const colon = move.san.indexOf(':');
  const san = colon < 0 ? move.san : move.san.slice(0, colon); // shown as the move asked
  const pieces = b.pieces.map((t) => PIECE_WORDS[t.toUpperCase()] ?? t);
  const event = b.event && b.tile ? EVENT_WORDS[b.tile] : undefined;
  let what: string;
  if (event) what = `${event} (${pieces.join(', ')})`;
  else if (b.tile !== null) what = `a ${pieces[0] ?? b.tile}`;
  else what = `a promotion: ${pieces.join(', ')}`;
  return { ply, san, cell: b.cell, what, pieces };
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

/** The drawn pieces' names that legal placements or stay steps offer, each once. */
export function drawnNames(legal: LegalMove[]): string[] {
  const tokens = [...new Set(legal.map((m) => (m.promotion ?? '').toUpperCase()).filter(Boolean))];
  return tokens.map((t) => PIECE_WORDS[t] ?? t);
}

/**
 * What the seat is asked while drawn pieces are owed: first, when they are not all of one type,
 * which of them stays on the swan's cell ("Choose the drawn piece that stays on e4"), then where
 * the others go ("Place the drawn rook"); else null.
 */
export function placementPrompt(legal: LegalMove[]): string | null {
  if (legal.length === 0 || legal.some((m) => m.from !== m.to)) return null;
  const names = drawnNames(legal);
  if (legal.every((m) => m.stays))
    return `Choose the drawn piece that stays on ${legal[0].to} (${names.join(' or ')}): click ${legal[0].to}`;
  if (names.length > 1) return `Place the drawn ${names.join(' or ')}, either first: click a highlighted cell`;
  return `Place the drawn ${names[0] ?? 'piece'}: click a highlighted cell`;
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

// 64 symbols, all of them characters a contribution may hold: one byte's low 6 bits pick one,
// and as 256 is a multiple of 64 every symbol is equally likely.
const CONTRIBUTION_SYMBOLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Random bytes as a contribution's text: one symbol per byte (6 bits of randomness each). */
export function contributionText(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => CONTRIBUTION_SYMBOLS[b & 63]).join('');
}

/** Fresh randomness to contribute: 43 symbols from the browser's secure source, 258 bits. */
export function freshContribution(): string {
  return contributionText(crypto.getRandomValues(new Uint8Array(43)));
}

/**
 * Why the server would refuse a text as a contribution (the referee's rule: 1 to 64 printable
 * ASCII characters, no quote or backslash), or null when it would take it.
 */
export function contributionProblem(text: string): string | null {
  if (text.length === 0 || text.length > 64) return `A contribution is 1 to 64 characters, not ${text.length}`;
  const bad = [...text].find((c) => c < ' ' || c > '~' || c === '"' || c === '\\');
  if (bad !== undefined) return `A contribution is printable ASCII without quote or backslash: ${JSON.stringify(bad)} is not allowed`;
  return null;
}

/** The sides whose contribution this seat may still give: none once the first move is played. */
export function contributionSides(game: GameState): Colour[] {
  const bs = game.blackswan;
  if (!bs?.contributions_open || game.status !== 'playing') return [];
  const seats: Colour[] = game.seat === 'both' ? ['white', 'black'] : game.seat === 'spectator' ? [] : [game.seat];
  return seats.filter((side) => !bs.contributions?.[side]);
}
