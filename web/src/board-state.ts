// The board's plain-data state and the pure steps that change it (chessground's model: mutate the
// state, then redraw). No rules here: what may move where is the server's `legal` list.

import type { Premove } from './premove';
import type { Colour, Geometry, LegalMove, PieceInfo, PieceOnBoard, Point } from './types';

export interface Chooser {
  from: string;
  to: string;
  options: LegalMove[];
}

export interface BoardState {
  geometry: Geometry;
  pieceInfo: PieceInfo[];
  pieces: Map<string, PieceOnBoard>;
  orientation: Colour;
  legal: LegalMove[]; // empty when this seat may not move now, or when looking at an earlier ply
  lastMove: { from: string; to: string } | null;
  check: string[];
  /** A man just turned over (a Black Swan reveal or promotion draw): its cell, and the ply that
   * did it, so the board animates each reveal once however often it redraws. */
  reveal: { cell: string; ply: number } | null;
  selected: string | null;
  chooser: Chooser | null;
  drag: { from: string; client: Point; moved: boolean } | null;
  coordinates: boolean;
  /** The seat's colour while the other side is to move (men of it may be premoved), else null. */
  premoveColour: Colour | null;
  premove: Premove | null;
  /** The cell the keyboard is on (null until the board is focused). */
  focus: string | null;
}

export function newBoardState(geometry: Geometry, pieceInfo: PieceInfo[]): BoardState {
  return {
    geometry,
    pieceInfo,
    pieces: new Map(),
    orientation: 'white',
    legal: [],
    lastMove: null,
    check: [],
    reveal: null,
    selected: null,
    chooser: null,
    drag: null,
    coordinates: true,
    premoveColour: null,
    premove: null,
    focus: null,
  };
}

/** Legal entries grouped by destination, for the man on `from`. */
export function destinations(legal: LegalMove[], from: string): Map<string, LegalMove[]> {
  const byTo = new Map<string, LegalMove[]>();
  for (const move of legal) {
    if (move.from !== from) continue;
    const group = byTo.get(move.to) ?? [];
    group.push(move);
    byTo.set(move.to, group);
  }
  return byTo;
}

export function canMoveFrom(legal: LegalMove[], cell: string): boolean {
  return legal.some((m) => m.from === cell);
}

/**
 * The cells to place on when every legal entry is a placement (from = to: an event's or a
 * promotion's drawn pieces placed by their owner); empty otherwise.
 */
export function placementCells(legal: LegalMove[]): string[] {
  if (legal.length === 0 || legal.some((m) => m.from !== m.to)) return [];
  return [...new Set(legal.map((m) => m.to))];
}

/** What the user asked for by a click or a drop. */
export type Intent =
  | { kind: 'none' }
  | { kind: 'move'; move: LegalMove }
  | { kind: 'choose'; chooser: Chooser }
  | { kind: 'premove'; premove: Premove };

/** Whether premoves are being chosen: this seat's men, the other side to move. */
function premoving(state: BoardState): boolean {
  return state.legal.length === 0 && state.premoveColour !== null;
}

/** Whether the man on `cell` can be picked up now: it has a legal move, or it may be premoved. */
export function canPickUp(state: BoardState, cell: string): boolean {
  if (premoving(state)) return state.pieces.get(cell)?.colour === state.premoveColour;
  return canMoveFrom(state.legal, cell);
}

// A click while premoving: pick a man of one's own, then any other cell as its target (the server
// judges it when the turn comes). A click with nothing picked up cancels a premove set before.
function premoveClick(state: BoardState, cell: string): Intent {
  const from = state.selected;
  if (from !== null && from !== cell && !canPickUp(state, cell)) {
    state.selected = null;
    return { kind: 'premove', premove: { from, to: cell } };
  }
  if (from === null) state.premove = null;
  state.selected = from === cell || !canPickUp(state, cell) ? null : cell;
  return { kind: 'none' };
}

/** One step from `from` to `to`: a move when one entry fits, a choice when several do. */
export function intentFor(legal: LegalMove[], from: string, to: string): Intent {
  const options = destinations(legal, from).get(to) ?? [];
  if (options.length === 1) return { kind: 'move', move: options[0] };
  if (options.length > 1) return { kind: 'choose', chooser: { from, to, options } };
  return { kind: 'none' };
}

/** A click on a cell: select, deselect, or play (a move from a cell to itself is a placement). */
export function clickCell(state: BoardState, cell: string): Intent {
  state.chooser = null;
  if (premoving(state)) return premoveClick(state, cell);
  if (placementCells(state.legal).includes(cell)) {
    // Placing a drawn piece: one click on a highlighted cell.
    state.selected = null;
    const intent = intentFor(state.legal, cell, cell);
    if (intent.kind === 'choose') state.chooser = intent.chooser;
    return intent;
  }
  const from = state.selected;
  if (from !== null) {
    const intent = intentFor(state.legal, from, cell);
    if (intent.kind !== 'none') {
      state.selected = null;
      if (intent.kind === 'choose') state.chooser = intent.chooser;
      return intent;
    }
    if (from === cell) {
      state.selected = null;
      return { kind: 'none' };
    }
  }
  state.selected = canMoveFrom(state.legal, cell) ? cell : null;
  return { kind: 'none' };
}

/** A drag ended over `to` (or outside the board: null). */
export function dropOn(state: BoardState, from: string, to: string | null): Intent {
  state.drag = null;
  state.chooser = null;
  if (to === null) return { kind: 'none' };
  if (to === from) {
    // A drag back to the start acts as a click: it keeps the man selected, or plays a placement
    // move (whose from and to are the same cell) when the man was selected already.
    return { kind: 'none' };
  }
  if (premoving(state)) {
    state.selected = null;
    return { kind: 'premove', premove: { from, to } };
  }
  const intent = intentFor(state.legal, from, to);
  state.selected = null;
  if (intent.kind === 'choose') state.chooser = intent.chooser;
  return intent;
}

/** The chooser's question: which drawn piece stays or goes to a cell (Black Swan), or which move. */
export function chooserTitle(chooser: Chooser): string {
  const { from, to, options } = chooser;
  if (options.every((m) => m.stays)) return `Which drawn piece stays on ${to}?`;
  if (from === to && options.every((m) => m.promotion)) return `Which drawn piece goes to ${to}?`;
  return `${from} → ${to}: which move?`;
}

/** Words on a chooser button: the piece a promotion makes, the server's label, or the SAN. */
export function choiceText(move: LegalMove, pieceInfo: PieceInfo[]): string {
  if (move.promotion) {
    const info = pieceInfo.find((p) => p.token === move.promotion!.toUpperCase());
    return info ? capitalised(info.name) : move.promotion;
  }
  return move.label ?? move.san;
}

/**
 * After a new legal list: drops a selection, an open chooser or a drag that it no longer allows,
 * and keeps what it still allows (the same ply's state may arrive twice, by the move's answer and
 * by the socket, and must not close a chooser the player has just opened).
 */
export function dropStaleInteraction(state: BoardState): void {
  if (state.premoveColour) return;
  const legal = new Set(state.legal.map((m) => m.uci));
  if (state.selected !== null && !canMoveFrom(state.legal, state.selected)) state.selected = null;
  if (state.chooser && !state.chooser.options.every((m) => legal.has(m.uci))) state.chooser = null;
  if (state.drag && !canMoveFrom(state.legal, state.drag.from)) state.drag = null;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
