import { describe, expect, it } from 'vitest';
import {
  clockText,
  evaluationBar,
  fenAtPly,
  goToPly,
  newGameModel,
  numberMoves,
  pgnFileName,
  pgnTags,
  receiveState,
  recordText,
  uciCells,
} from './game-model';
import type { GameState } from './types';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function game(ply: number, extra: Partial<GameState> = {}): GameState {
  const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6'].slice(0, ply).map((uci, i) => ({ uci, san: ['e4', 'e5', 'Nf3', 'Nc6'][i], fen: `fen${i + 1}` }));
  return {
    id: 'g1', variant: 'chess', title: 'Chess', options: {}, mode: 'local', seat: 'both',
    start_fen: START, fen: `fen${ply}`, turn: ply % 2 ? 'black' : 'white', ply, moves, legal: [],
    last_move: null, check: [], status: 'playing', result: '*', reason: null, setup: null, ...extra,
  };
}

describe('game model', () => {
  it('follows new plies; ignores an answer older than a push', () => {
    const m = newGameModel();
    expect(receiveState(m, game(2))).toBe(true);
    expect(m.viewPly).toBe(2);
    // The engine's reply came over the socket before the answer to the move that caused it.
    expect(receiveState(m, game(4), 'push')).toBe(true);
    expect(receiveState(m, game(3), 'answer')).toBe(false);
    expect(m.game!.ply).toBe(4);
    expect(m.viewPly).toBe(4);
  });

  it('accepts a takeback and a push that lowers the ply', () => {
    const m = newGameModel();
    receiveState(m, game(4));
    expect(receiveState(m, game(2), 'takeback')).toBe(true);
    expect(m.viewPly).toBe(2);
    receiveState(m, game(4));
    expect(receiveState(m, game(3), 'push')).toBe(true);
    expect(m.game!.ply).toBe(3);
  });

  it('stays on an earlier ply while browsing', () => {
    const m = newGameModel();
    receiveState(m, game(2));
    goToPly(m, 1);
    expect(m.following).toBe(false);
    receiveState(m, game(3));
    expect(m.viewPly).toBe(1);
    goToPly(m, 99);
    expect(m.viewPly).toBe(3);
    expect(m.following).toBe(true);
  });

  it('finds the FEN of a ply from the moves, or from the states seen', () => {
    const g = game(3);
    expect(fenAtPly(g, 0)).toBe(START);
    expect(fenAtPly(g, 2)).toBe('fen2');
    expect(fenAtPly(g, 3)).toBe('fen3');
    expect(fenAtPly(g, 4)).toBeNull();
    // Without per-move FENs: only the positions this page was sent.
    const bare = (s: GameState): GameState => ({ ...s, moves: s.moves.map(({ uci, san }) => ({ uci, san })) });
    const m = newGameModel();
    receiveState(m, bare(game(1)));
    receiveState(m, bare(game(3)));
    expect(fenAtPly(m.game!, 1, m.seen)).toBe('fen1');
    expect(fenAtPly(m.game!, 2, m.seen)).toBeNull();
    expect(goToPly(m, 2)).toBe(false);
    expect(goToPly(m, 1)).toBe(true);
    expect(m.viewPly).toBe(1);
    expect(goToPly(m, 0)).toBe(true);
  });

  it('forgets a position whose moves were taken back and replaced', () => {
    const m = newGameModel();
    const bare = (s: GameState): GameState => ({ ...s, moves: s.moves.map(({ uci, san }) => ({ uci, san })) });
    receiveState(m, bare(game(2)));
    const other = bare(game(2));
    other.moves[1] = { uci: 'd7d5', san: 'd5' };
    other.fen = 'other2';
    receiveState(m, bare(game(1)), 'takeback');
    receiveState(m, other);
    const third = { ...other, ply: 3, fen: 'x3', moves: [...other.moves, { uci: 'g1f3', san: 'Nf3' }] };
    receiveState(m, third);
    expect(fenAtPly(m.game!, 2, m.seen)).toBe('other2');
  });
});

describe('record', () => {
  it('numbers moves from the start FEN', () => {
    const numbered = numberMoves(START, [{ uci: 'e2e4', san: 'e4' }, { uci: 'e7e5', san: 'e5' }, { uci: 'g1f3', san: 'Nf3' }]);
    expect(recordText(numbered)).toBe('1. e4 e5 2. Nf3');
  });

  it('starts with Black and keeps relocations on move 1 (from the FENs)', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 K';
    const moves = [
      { uci: 'e8d8', san: 'K<>d8', fen: 'x w KQkq - 0 1 Q' },
      { uci: 'd1c1', san: 'Q<>c1', fen: 'x w KQkq - 0 1' },
      { uci: 'e2e4', san: 'e4', fen: 'x b KQkq - 0 1' },
    ];
    expect(recordText(numberMoves(start, moves))).toBe('1... K<>d8 1. Q<>c1 1. e4');
  });

  it('reads the cells of coordinate moves on any board', () => {
    const cells = new Set(['a3', '4', 'a4', 'e10', 'e9', 'e7', 'e8', 'h4', '5']);
    expect(uciCells('a34', cells)).toEqual({ from: 'a3', to: '4' });
    expect(uciCells('a3a4', cells)).toEqual({ from: 'a3', to: 'a4' });
    expect(uciCells('e10e9', cells)).toEqual({ from: 'e10', to: 'e9' });
    expect(uciCells('e7e8q', cells)).toEqual({ from: 'e7', to: 'e8' });
    expect(uciCells("e7e8c'", cells)).toEqual({ from: 'e7', to: 'e8' });
    expect(uciCells('h45', cells)).toEqual({ from: 'h4', to: '5' });
    expect(uciCells('zz', cells)).toBeNull();
  });
});

describe('helpers', () => {
  it('shows the evaluation from White', () => {
    expect(evaluationBar({ depth: 5, score_cp: 100, pv: [], nodes: 1 }, 'white').text).toBe('+1.00');
    expect(evaluationBar({ depth: 5, score_cp: 100, pv: [], nodes: 1 }, 'black').text).toBe('-1.00');
    expect(evaluationBar({ depth: 5, score_cp: 0, pv: [], nodes: 1 }, 'white').white).toBeCloseTo(0.5);
    expect(evaluationBar({ depth: 5, mate: 3, pv: [], nodes: 1 }, 'black')).toEqual({ white: 0, text: '-M3' });
    // A mated side to move: the result, whichever side it is.
    const over = (result: string) => ({ depth: 0, mate: 0, pv: [], nodes: 0, over: { result, reason: 'checkmate' } });
    expect(evaluationBar(over('0-1'), 'white')).toEqual({ white: 0, text: '0-1' });
    expect(evaluationBar(over('1-0'), 'black')).toEqual({ white: 1, text: '1-0' });
    expect(evaluationBar({ ...over('1/2-1/2'), mate: undefined, score_cp: 0 }, 'white')).toEqual({ white: 0.5, text: '½-½' });
  });

  it('reads PGN tags and names the download', () => {
    const pgn = '[Event "x"]\n[Variant "chess66"]\n[White "A \\"B\\""]\n\n1. e4 *\n\n[Event "y"]\n[Variant "chess"]\n';
    expect(pgnTags(pgn)).toEqual({ Event: 'x', Variant: 'chess66', White: 'A "B"' });
    expect(pgnFileName({ variant: 'chess2016', id: 'ab/c' })).toBe('menagerie-chess2016-ab-c.pgn');
  });

  it('formats the clock', () => {
    expect(clockText(300_000)).toBe('5:00');
    expect(clockText(61_500)).toBe('1:01');
    expect(clockText(9_450)).toBe('0:09.4');
    expect(clockText(-5)).toBe('0:00.0');
  });
});
