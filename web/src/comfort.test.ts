import { describe, expect, it } from 'vitest';
import { clickCell, dropOn, newBoardState } from './board-state';
import { rematchRequest, rematchSeat, resultWords } from './game-over';
import { isLowTime } from './game-model';
import { firstCell, stepCell } from './keyboard';
import { findTypedMove, moveCompletions } from './move-input';
import { optionLabel, optionsInWords, valueLabel } from './option-labels';
import { phaseHelp } from './phase';
import { premoveToPlay } from './premove';
import { isMuted, setMuted, soundFor } from './sound';
import type { GameState, Geometry, LegalMove } from './types';
import chess from './fixtures/geometry-chess.json';
import chess66 from './fixtures/geometry-chess66.json';

const legal = (san: string, uci: string, from: string, to: string, promotion?: string): LegalMove => ({ san, uci, from, to, promotion });
const state = (over: Partial<GameState>): GameState =>
  ({ id: 'g', variant: 'chess', title: 'Chess', options: {}, mode: 'local', seat: 'both', start_fen: '', fen: '', turn: 'white', ply: 0, moves: [], legal: [], last_move: null, check: [], status: 'playing', result: '*', reason: null, setup: null, ...over }) as GameState;

describe('sounds', () => {
  it('chooses the sound of a change, none for the first state', () => {
    const before = state({ ply: 1, moves: [{ uci: 'e2e4', san: 'e4' }] });
    const move = (san: string, extra: Partial<GameState> = {}) => state({ ply: 2, moves: [...before.moves, { uci: 'x', san }], ...extra });
    expect(soundFor(null, before)).toBeNull();
    expect(soundFor(before, move('d5'))).toBe('move');
    expect(soundFor(before, move('exd5'))).toBe('capture');
    expect(soundFor(before, move('Qh4+', { check: ['e1'] }))).toBe('check');
    expect(soundFor(before, move('Qxf2#', { check: ['e1'], status: 'over', result: '0-1' }))).toBe('end');
    expect(soundFor(before, before)).toBeNull();
  });
  it('remembers the mute', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(isMuted(storage)).toBe(false);
    setMuted(true, storage);
    expect(isMuted(storage)).toBe(true);
  });
  it('warns of low time by the initial time', () => {
    expect(isLowTime(9_000, 60_000)).toBe(true);
    expect(isLowTime(11_000, 60_000)).toBe(false);
    expect(isLowTime(25_000, 300_000)).toBe(true); // a tenth of 5 minutes is 30 s
    expect(isLowTime(59_000, 3_600_000)).toBe(true); // at most a minute
  });
});

describe('premoves', () => {
  const geometry = chess as unknown as Geometry;
  it('picks a man of its own while the other side moves, then any target', () => {
    const bs = newBoardState(geometry, []);
    bs.pieces.set('e2', { token: 'P', colour: 'white' });
    bs.pieces.set('e7', { token: 'P', colour: 'black' });
    bs.premoveColour = 'white';
    expect(clickCell(bs, 'e7')).toEqual({ kind: 'none' }); // not ours
    expect(bs.selected).toBeNull();
    clickCell(bs, 'e2');
    expect(bs.selected).toBe('e2');
    expect(clickCell(bs, 'e4')).toEqual({ kind: 'premove', premove: { from: 'e2', to: 'e4' } });
    expect(dropOn(bs, 'e2', 'e3')).toEqual({ kind: 'premove', premove: { from: 'e2', to: 'e3' } });
  });
  it('is played only where the server lists it, the first (queen) of a group', () => {
    const moves = [legal('a8=Q', 'a7a8q', 'a7', 'a8', 'Q'), legal('a8=N', 'a7a8n', 'a7', 'a8', 'N')];
    expect(premoveToPlay(moves, { from: 'a7', to: 'a8' })?.uci).toBe('a7a8q');
    expect(premoveToPlay(moves, { from: 'a7', to: 'b8' })).toBeNull();
  });
});

describe('typed moves and the keyboard', () => {
  const moves = [legal('e4', 'e2e4', 'e2', 'e4'), legal('Nf3', 'g1f3', 'g1', 'f3'), legal('O-O', 'e1g1', 'e1', 'g1'), legal('Qxf7#', 'd5f7', 'd5', 'f7')];
  it('reads SAN, UCI and 0-0', () => {
    expect(findTypedMove(moves, 'Nf3')?.uci).toBe('g1f3');
    expect(findTypedMove(moves, 'G1F3')?.san).toBe('Nf3');
    expect(findTypedMove(moves, '0-0')?.san).toBe('O-O');
    expect(findTypedMove(moves, 'Qxf7')?.uci).toBe('d5f7');
    expect(findTypedMove(moves, 'e5')).toBeNull();
    expect(moveCompletions(moves)).toContain('e2e4');
  });
  it('steps between cells as drawn, on 64 and on 66 cells', () => {
    const g = chess as unknown as Geometry;
    expect(firstCell(g, 'white')).toBe('a1');
    expect(firstCell(g, 'black')).toBe('h8');
    expect(stepCell(g, 'e2', 'ArrowUp', 'white')).toBe('e3');
    expect(stepCell(g, 'e2', 'ArrowUp', 'black')).toBe('e1');
    expect(stepCell(g, 'h1', 'ArrowRight', 'white')).toBe('h1');
    const g66 = chess66 as unknown as Geometry;
    // Up from d4 is e5: the upper half is drawn one file to the left.
    expect(stepCell(g66, 'd4', 'ArrowUp', 'white')).toBe('e5');
  });
});

describe('the game over, options and phases in words', () => {
  it('says the result and builds the rematch with colours swapped', () => {
    const over = state({ mode: 'engine', seat: 'white', status: 'over', result: '1/2-1/2', reason: 'threefold repetition', setup: 'W1-5-6', options: { dice: 'W1-5-6', 'knight-camel-swap': 'off' }, engine: { color: 'black', level: 3, thinking: false } });
    expect(resultWords(over)).toBe('Draw · threefold repetition');
    expect(rematchRequest(over)).toEqual({ variant: 'chess', options: { 'knight-camel-swap': 'off' }, mode: 'engine', setup: 'W1-5-6', engine: { color: 'white', level: 3 } });
    expect(rematchSeat(over)).toBe('black');
  });
  it('labels options readably', () => {
    expect(optionLabel('knight-camel-swap')).toBe('Knights and Camels change places');
    expect(valueLabel('curtailed', 'off')).toBe('Off');
    expect(optionLabel('some-new-thing')).toBe('Some new thing');
    expect(optionsInWords({ curtailed: 'on', dice: 'W1-1-1' })).toEqual(['Curtailed castling: On']);
  });
  it('explains relocation, placement and switches from the legal list', () => {
    const g = chess as unknown as Geometry;
    expect(phaseHelp([legal('K<>d8', 'e8d8', 'e8', 'd8'), legal('K<>e8', 'e8e8', 'e8', 'e8')], g, [], null)?.kind).toBe('relocation-king');
    expect(phaseHelp([legal('Q<>c1', 'd1c1', 'd1', 'c1')], g, [], null)?.kind).toBe('relocation-queen');
    const placing = phaseHelp([legal('N@d3', 'N@d3', 'd3', 'd3', 'N')], g, [{ token: 'N', name: 'knight', description: '' }], null);
    expect(placing?.kind).toBe('placement');
    expect(placing?.text).toContain('knight');
    const staying = phaseHelp(
      [
        { ...legal('R@e4', 'R@e4', 'e4', 'e4', 'R'), stays: true },
        { ...legal('P@e4', 'P@e4', 'e4', 'e4', 'P'), stays: true },
      ],
      g,
      [
        { token: 'R', name: 'rook', description: '' },
        { token: 'P', name: 'pawn', description: '' },
      ],
      null,
    );
    expect(staying?.kind).toBe('stay');
    expect(staying?.text).toContain('stays on e4 (rook or pawn)');
    const g66 = chess66 as unknown as Geometry;
    const help = phaseHelp([legal('a4', 'a2a4', 'a2', 'a4'), legal('4', 'a24', 'a2', '4')], g66, [], null);
    expect(help?.kind).toBe('switch');
    expect(help?.text).toContain('4 and a4');
    expect(phaseHelp([legal('e4', 'e2e4', 'e2', 'e4')], g, [], null)).toBeNull();
  });
});
