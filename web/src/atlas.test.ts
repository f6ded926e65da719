import { describe, expect, it } from 'vitest';
import {
  advantageWords,
  balanceColour,
  balanceGrid,
  balanceLine,
  filterRows,
  gridSvg,
  groupLabels,
  inBand,
  limitWords,
  mateInOne,
  mateWarnings,
  NO_FILTER,
  optionSets,
  pawns,
  SCALE_CP,
  sortRows,
} from './atlas';
import type { AtlasRow } from './types';

function row(setup: string, score_cp: number, more: Partial<AtlasRow> = {}): AtlasRow {
  return {
    variant: 'chess56',
    index: 0,
    of: 1,
    setup,
    options: {},
    fen: `fen of ${setup}`,
    limit: 'nodes=100000',
    depth: 12,
    score_cp,
    mate: null,
    best_uci: 'e2e4',
    best_san: 'e4',
    pv: 'e4 e5',
    mating_moves: 0,
    forced_mate: null,
    games: 0,
    white_wins: 0,
    draws: 0,
    black_wins: 0,
    ...more,
  };
}

const SWAP = { 'knight-camel-swap': 'always' };
const mateRow = row('W1-3-3', 10000, { mate: 1, mating_moves: 2, forced_mate: 1, best_san: 'Gf5#', pv: 'Gf5#' });
const rows = [
  row('W1-1-1', 12, { index: 0 }),
  row('W1-1-1', -20, { index: 1, options: SWAP, fen: 'swapped' }),
  row('W1-2-3', 45, { index: 2 }),
  { ...mateRow, index: 3 },
  row('W2-3-4', -150, { index: 4 }),
  row('W3-4-5', -8, { index: 5, games: 4, white_wins: 1, draws: 2, black_wins: 1 }),
];

describe('the balance in words', () => {
  it('writes scores as pawns from the better side, and the limit in words', () => {
    expect(pawns(35)).toBe('+0.35');
    expect(pawns(-120)).toBe('-1.20');
    expect(pawns(0)).toBe('0.00');
    expect(advantageWords(row('x', 35))).toBe('White +0.35');
    expect(advantageWords(row('x', -20))).toBe('Black +0.20');
    expect(advantageWords(row('x', 0))).toBe('level (0.00)');
    expect(advantageWords(row('x', -10000, { mate: -2 }))).toBe('Black mates in 2');
    expect(limitWords('nodes=100000')).toBe('100k nodes');
    expect(limitWords('nodes=1500000')).toBe('1.5M nodes');
    expect(limitWords('nodes=1234')).toBe('1234 nodes');
    expect(limitWords('depth=12')).toBe('depth 12');
    expect(limitWords('depth=7, nodes=50000')).toBe('depth 7, 50k nodes');
    expect(balanceLine(row('x', 35))).toBe('Balance: White +0.35 (engine, 100k nodes)');
  });

  it('warns of a start lost in one move and names a forced mate', () => {
    expect(mateWarnings(row('x', 30))).toEqual([]);
    const [lost] = mateWarnings(mateRow);
    expect(lost).toMatch(/^Lost for Black in one move/);
    expect(lost).toContain('2 first moves mate, such as Gf5#');
    expect(mateWarnings({ ...mateRow, mating_moves: 1 })[0]).toContain('one first move mates');
    expect(mateWarnings(row('x', -10000, { forced_mate: -1 }))).toEqual([
      'Lost for White in one move: Black mates next move whatever White plays.',
    ]);
    expect(mateWarnings(row('x', 10000, { forced_mate: 2, mate: 2 }))).toEqual(['White forces mate in 2.']);
  });

  it('keeps a mate in one out of every band, as the server does', () => {
    expect(mateInOne(mateRow)).toBe(true);
    expect(mateInOne(row('x', 0, { forced_mate: -1 }))).toBe(true);
    expect(mateInOne(row('x', 10000, { forced_mate: 2, mate: 2 }))).toBe(false);
    expect(inBand(row('x', -25), 25)).toBe(true);
    expect(inBand(row('x', 26), 25)).toBe(false);
    expect(inBand({ ...mateRow, score_cp: 0 }, 100)).toBe(false);
  });

});

describe('sorting and filtering', () => {
  const setups = (list: AtlasRow[]): string[] => list.map((r) => `${r.setup}${r.options['knight-camel-swap'] ? '*' : ''}`);

  it('sorts by score, balance, mate, setup and games, ties in the atlas order', () => {
    expect(setups(sortRows(rows, 'score'))).toEqual(['W2-3-4', 'W1-1-1*', 'W3-4-5', 'W1-1-1', 'W1-2-3', 'W1-3-3']);
    expect(setups(sortRows(rows, 'score', true))).toEqual(['W1-3-3', 'W1-2-3', 'W1-1-1', 'W3-4-5', 'W1-1-1*', 'W2-3-4']);
    expect(setups(sortRows(rows, 'balance'))).toEqual(['W3-4-5', 'W1-1-1', 'W1-1-1*', 'W1-2-3', 'W2-3-4', 'W1-3-3']);
    expect(setups(sortRows(rows, 'mate', true))[0]).toBe('W1-3-3');
    expect(setups(sortRows(rows, 'games', true))[0]).toBe('W3-4-5');
    // Numbers as numbers: 2 before 100.
    const numbered = [row('100', 0), row('2', 0), row('1679', 0), row('0', 0)];
    expect(setups(sortRows(numbered, 'setup'))).toEqual(['0', '2', '100', '1679']);
    expect(setups(sortRows(numbered, 'setup', true))).toEqual(['1679', '100', '2', '0']);
    // Equal keys keep their order: the two W1-1-1 rows by setup.
    expect(setups(sortRows(rows, 'setup')).slice(0, 2)).toEqual(['W1-1-1', 'W1-1-1*']);
  });

  it('filters by setup, band, mate in one, options and side', () => {
    expect(setups(filterRows(rows, { ...NO_FILTER, text: 'w1-1' }))).toEqual(['W1-1-1', 'W1-1-1*']);
    expect(setups(filterRows(rows, { ...NO_FILTER, band: 25 }))).toEqual(['W1-1-1', 'W1-1-1*', 'W3-4-5']);
    expect(setups(filterRows(rows, { ...NO_FILTER, mate: 'only' }))).toEqual(['W1-3-3']);
    expect(filterRows(rows, { ...NO_FILTER, mate: 'none' })).toHaveLength(5);
    expect(setups(filterRows(rows, { ...NO_FILTER, options: 'knight-camel-swap=always' }))).toEqual(['W1-1-1*']);
    expect(filterRows(rows, { ...NO_FILTER, options: '' })).toHaveLength(5);
    expect(setups(filterRows(rows, { ...NO_FILTER, side: 'black' }))).toEqual(['W1-1-1*', 'W2-3-4', 'W3-4-5']);
    expect(setups(filterRows(rows, { ...NO_FILTER, side: 'white', band: 50 }))).toEqual(['W1-1-1', 'W1-2-3']);
    expect(optionSets(rows)).toEqual(['', 'knight-camel-swap=always']);
  });
});

describe('the picture', () => {
  const rgb = (c: string): number[] => c.match(/\d+/g)!.map(Number);

  it('colours from Black better (blue) through level (pale) to White better (orange)', () => {
    const [level, white, black] = [balanceColour(0), balanceColour(SCALE_CP), balanceColour(-SCALE_CP)];
    expect(rgb(level).every((x) => x > 220)).toBe(true);
    expect(rgb(white)[0]).toBeGreaterThan(rgb(white)[2]); // more red than blue
    expect(rgb(black)[2]).toBeGreaterThan(rgb(black)[0]); // more blue than red
    expect(balanceColour(10000)).toBe(white); // a mate is an end of the scale
    expect(balanceColour(-3 * SCALE_CP)).toBe(black);
    // Further from level as the score grows, on both sides.
    const distance = (cp: number): number => rgb(balanceColour(cp)).reduce((sum, x, i) => sum + Math.abs(x - rgb(level)[i]), 0);
    expect(distance(50)).toBeLessThan(distance(100));
    expect(distance(-50)).toBeLessThan(distance(-150));
  });

  it('lays Chess 2016 out by white dice and green × red, one option set at a time', () => {
    const r2016 = [row('W1-2-3.G4.R5', 30, { variant: 'chess2016' }), row('W1-2-3.G4.R5', -60, { variant: 'chess2016', options: SWAP })];
    const grid = balanceGrid('chess2016', r2016);
    expect(grid.cells).toHaveLength(56);
    expect(grid.cells.every((line) => line.length === 36)).toBe(true);
    const y = grid.rowLabels.indexOf('W1-2-3');
    const x = grid.columnLabels.indexOf('G4.R5');
    expect(x).toBe(3 * 6 + 4);
    expect(grid.cells[y][x]?.score_cp).toBe(30);
    expect(grid.cells.flat().filter(Boolean)).toHaveLength(1);
    expect(balanceGrid('chess2016', r2016, 'knight-camel-swap=always').cells[y][x]?.score_cp).toBe(-60);
  });

  it('lays Chess 56 out by white dice, a line per option set, and other games as a strip', () => {
    const grid = balanceGrid('chess56', rows);
    expect(grid.rowLabels).toEqual(['as rolled', 'Knights ↔ Camels']);
    expect(grid.cells[0]).toHaveLength(56);
    expect(grid.cells[0][0]?.score_cp).toBe(12); // W1-1-1 comes first
    expect(grid.cells[1][0]?.score_cp).toBe(-20);
    expect(grid.cells[1][1]).toBeNull();

    const arrays = Array.from({ length: 45 }, (_, i) => row(String(44 - i), i, { variant: 'contemporary' }));
    const strip = balanceGrid('contemporary', arrays, '', 20);
    expect(strip.cells.map((line) => line.length)).toEqual([20, 20, 20]);
    expect(strip.cells[0][0]?.setup).toBe('0');
    expect(strip.cells[2][4]?.setup).toBe('44');
    expect(strip.cells[2][5]).toBeNull();
    expect(strip.rowLabels).toEqual(['0', '20', '40']);
  });

  it('draws a square per row, crossing the starts lost in one move', () => {
    const svg = gridSvg(balanceGrid('chess56', rows), 'the balance');
    expect(svg.match(/<rect class="atlas-cell[^"]*" [^>]*data-setup=/g)).toHaveLength(rows.length);
    expect(svg.match(/class="atlas-cell mate"/g)).toHaveLength(1);
    expect(svg).toContain('data-setup="W1-3-3"');
    expect(svg).toContain('<title>W1-3-3: White mates in 1, mate in one</title>');
    expect(svg).toContain('data-options="knight-camel-swap=always"');
    expect(svg.match(/class="atlas-cell missing"/g)).toHaveLength(2 * 56 - rows.length);
    expect(groupLabels(['G1.R1', 'G1.R2', 'G2.R1'], (l) => l.split('.')[0])).toEqual([
      { at: 0, text: 'G1' },
      { at: 2, text: 'G2' },
    ]);
  });
});
