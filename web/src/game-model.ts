// The game page's plain-data state and the pure steps on it: which ply is shown, what position that
// is, the move list's numbering, and reading a coordinate move's cells. No rules: positions come
// from the server (the current FEN, and each move's FEN where the server gives it).

import { fenTurn } from './fen';
import type { Analysis, Colour, GameState, MoveText } from './types';

export interface GameModel {
  game: GameState | null;
  viewPly: number; // the ply on the board; game.ply when following the game
  following: boolean; // jump to each new ply as it arrives
  pending: boolean; // a move was sent and its answer has not come
  error: string | null;
  analysis: Analysis | null;
  // The FEN of every position this page has been sent, keyed by the moves that led to it, so that
  // the record can show earlier plies even where the server gives no per-move FEN.
  seen: Map<string, string>;
}

export function newGameModel(): GameModel {
  return { game: null, viewPly: 0, following: true, pending: false, error: null, analysis: null, seen: new Map() };
}

/**
 * Where a state came from: a WebSocket push (the server sends them in order, so the latest is
 * always right), the answer to this page's own request (which may arrive after a push that is
 * newer, such as the engine's reply), or the answer to a takeback (which lowers the ply).
 */
export type StateSource = 'push' | 'answer' | 'takeback';

/** A new state from the server; returns false when it is ignored as older than the one shown. */
export function receiveState(model: GameModel, state: GameState, source: StateSource = 'push'): boolean {
  const old = model.game;
  if (source === 'answer' && old && old.id === state.id && state.ply < old.ply) return false;
  model.game = state;
  model.pending = false;
  model.seen.set(movesKey(state.moves, 0), state.start_fen);
  model.seen.set(movesKey(state.moves, state.ply), state.fen);
  if (model.following || model.viewPly > state.ply) model.viewPly = state.ply;
  return true;
}

/** Shows another ply, if its position is known; returns whether it moved. */
export function goToPly(model: GameModel, ply: number): boolean {
  if (!model.game) return false;
  ply = Math.max(0, Math.min(model.game.ply, ply));
  if (fenAtPly(model.game, ply, model.seen) === null) return false;
  model.viewPly = ply;
  model.following = model.viewPly === model.game.ply;
  return true;
}

export function isLive(model: GameModel): boolean {
  return !!model.game && model.viewPly === model.game.ply;
}

function movesKey(moves: MoveText[], ply: number): string {
  return moves
    .slice(0, ply)
    .map((m) => m.uci)
    .join(' ');
}

/**
 * The FEN at a ply of the game: the start, the current position, a move's FEN where the server gave
 * it, or a position this page was sent earlier (`seen`); null when none of them knows it.
 */
export function fenAtPly(game: GameState, ply: number, seen?: Map<string, string>): string | null {
  if (ply === game.ply) return game.fen;
  if (ply === 0) return game.start_fen;
  if (ply < 0 || ply > game.ply) return null;
  return game.moves[ply - 1]?.fen ?? seen?.get(movesKey(game.moves, ply)) ?? null;
}

/** The FEN shown now (the model's ply), or null when that position is not known here. */
export function shownFen(model: GameModel): string | null {
  return model.game ? fenAtPly(model.game, model.viewPly, model.seen) : null;
}

export interface NumberedMove {
  ply: number; // 1-based: the ply reached by this move
  number: number;
  side: Colour;
  san: string;
}

/**
 * Move numbers for the record. Where the FEN before a move is known, its fullmove number and side
 * to move are used (so Placement's relocations, which do not advance the count, read right);
 * otherwise the count continues from the previous move.
 */
export function numberMoves(startFen: string, moves: MoveText[]): NumberedMove[] {
  const out: NumberedMove[] = [];
  let number = fullmove(startFen) ?? 1;
  let side: Colour = fenTurn(startFen) ?? 'white';
  moves.forEach((move, i) => {
    const before = i === 0 ? startFen : moves[i - 1].fen;
    if (before) {
      number = fullmove(before) ?? number;
      side = fenTurn(before) ?? side;
    }
    out.push({ ply: i + 1, number, side, san: move.san });
    if (side === 'black') number += 1;
    side = side === 'white' ? 'black' : 'white';
  });
  return out;
}

function fullmove(fen: string): number | null {
  const n = Number(fen.trim().split(/\s+/)[5]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The record as text: `1. e4 e5 2. Nf3`, `1... K<>d8`. */
export function recordText(numbered: NumberedMove[]): string {
  const parts: string[] = [];
  numbered.forEach((m, i) => {
    if (m.side === 'white') parts.push(`${m.number}. ${m.san}`);
    else if (i === 0 || numbered[i - 1].number !== m.number || numbered[i - 1].side !== 'white')
      parts.push(`${m.number}... ${m.san}`);
    else parts.push(m.san);
  });
  return parts.join(' ');
}

/**
 * The two cells of a coordinate move (`e2e4`, `a34`, `e10e9`, `e7e8q`), read against the game's cell
 * names: the one split into two known names, with at most a promotion token after them.
 */
export function uciCells(uci: string, cellNames: Set<string>): { from: string; to: string } | null {
  for (let i = 1; i < uci.length; i++) {
    const from = uci.slice(0, i);
    if (!cellNames.has(from)) continue;
    for (let j = uci.length; j > i; j--) {
      const to = uci.slice(i, j);
      const rest = uci.slice(j);
      if (cellNames.has(to) && /^([a-z]'*)?$/.test(rest)) return { from, to };
    }
  }
  return null;
}

/** The evaluation as the bar shows it: White's share in [0, 1] and a short text. */
export function evaluationBar(analysis: Analysis, turn: Colour): { white: number; text: string } {
  const sign = turn === 'white' ? 1 : -1;
  // A finished game shows its result: "mate in 0" carries no side.
  if (analysis.over) {
    const white = analysis.over.result === '1-0' ? 1 : analysis.over.result === '0-1' ? 0 : 0.5;
    return { white, text: analysis.over.result === '1/2-1/2' ? '½-½' : analysis.over.result };
  }
  if (analysis.mate !== undefined && analysis.mate !== null) {
    const forWhite = sign * analysis.mate > 0;
    return { white: forWhite ? 1 : 0, text: `${forWhite ? '' : '-'}M${Math.abs(analysis.mate)}` };
  }
  const cp = sign * (analysis.score_cp ?? 0);
  const white = 1 / (1 + Math.exp(-cp / 250));
  return { white, text: `${cp > 0 ? '+' : ''}${(cp / 100).toFixed(2)}` };
}

/** A file name for a game's PGN download. */
export function pgnFileName(game: Pick<GameState, 'variant' | 'id'>): string {
  return `menagerie-${game.variant}-${game.id}.pgn`.replace(/[^A-Za-z0-9._-]+/g, '-');
}

/** The tags of a PGN's first game (for showing what an import holds before sending it). */
export function pgnTags(pgn: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of pgn.matchAll(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/gm)) {
    if (m[1] in tags) break;
    tags[m[1]] = m[2].replace(/\\(["\\])/g, '$1');
  }
  return tags;
}

/** The clock text for milliseconds left: `m:ss`, tenths under ten seconds. */
export function clockText(ms: number): string {
  const clamped = Math.max(0, ms);
  const totalSeconds = Math.floor(clamped / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (clamped < 10_000) return `0:0${seconds}.${Math.floor((clamped % 1000) / 100)}`;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Whether a clock shows low time: under a tenth of the initial time, at least 10 s, at most 60 s. */
export function isLowTime(ms: number, initialMs: number): boolean {
  return ms < Math.min(Math.max(10_000, initialMs / 10), 60_000);
}
