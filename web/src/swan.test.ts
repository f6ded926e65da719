import { describe, expect, it } from 'vitest';
import { contributionProblem, contributionSides, contributionText, freshContribution, placementPrompt, revealOf, reveals, unseenText } from './swan';
import type { GameState } from './types';

describe('Black Swan in words', () => {
  it('reads the outcome from the data the server sends, never from move text', () => {
    // A text that looks like an outcome, without the data, is no reveal.
    expect(revealOf({ uci: 'd2d4:N', san: 'Sd4:N' }, 1)).toBeNull();
  });

  it('reads what a swan became', () => {
    expect(revealOf({ uci: 'd2d4:N', san: 'Sd4:N', brought: { tile: 'N', event: false, pieces: ['N'], cell: 'd4' } }, 1)).toEqual({
      ply: 1,
      san: 'Sd4',
      cell: 'd4',
      what: 'a knight',
      pieces: ['knight'],
    });
    expect(revealOf({ uci: 'e2e4', san: 'Se4' }, 1)).toBeNull();
    expect(revealOf({ uci: 'e4e5', san: 'Re5' }, 3)).toBeNull();
  });

  it('reads an event and a promotion with their pieces', () => {
    const event = revealOf({ uci: 'e7e5:2-QB', san: 'Se5:2-QB', brought: { tile: '2-', event: true, pieces: ['Q', 'B'], cell: 'e5' } }, 2)!;
    expect(event.what).toBe('an event: 2 pieces, no pawns (queen, bishop)');
    expect(event.cell).toBe('e5');
    expect(event.pieces).toEqual(['queen', 'bishop']);
    const capture = revealOf({ uci: 'd3e4:3+PPR', san: 'Sxe4+:3+PPR', brought: { tile: '3+', event: true, pieces: ['P', 'P', 'R'], cell: 'e4' } }, 5)!;
    expect(capture.cell).toBe('e4');
    expect(capture.pieces).toEqual(['pawn', 'pawn', 'rook']);
    expect(revealOf({ uci: 'a7a8:NB', san: 'a8:NB', brought: { tile: null, event: false, pieces: ['N', 'B'], cell: 'a8' } }, 9)!.what).toBe('a promotion: knight, bishop');
  });

  it('lists every reveal of a record', () => {
    const list = reveals([
      { uci: 'e2e4:2+RP', san: 'Se4:2+RP', brought: { tile: '2+', event: true, pieces: ['R', 'P'], cell: 'e4' } },
      { uci: 'P@d3', san: 'P@d3' },
      { uci: 'd7d5:P', san: 'Sd5:P', brought: { tile: 'P', event: false, pieces: ['P'], cell: 'd5' } },
    ]);
    expect(list.map((r) => r.ply)).toEqual([1, 3]);
  });

  it('asks for a placement only when every legal move is one', () => {
    const place = [
      { uci: 'P@d3', san: 'P@d3', from: 'd3', to: 'd3', promotion: 'P' },
      { uci: 'P@e3', san: 'P@e3', from: 'e3', to: 'e3', promotion: 'P' },
    ];
    expect(placementPrompt(place)).toBe('Place the drawn pawn: click a highlighted cell');
    expect(placementPrompt([...place, { uci: 'e4e5', san: 'Re5', from: 'e4', to: 'e5' }])).toBeNull();
    expect(placementPrompt([])).toBeNull();
    // Two types owed: either may go first.
    const either = [...place, { uci: 'R@d3', san: 'R@d3', from: 'd3', to: 'd3', promotion: 'R' }];
    expect(placementPrompt(either)).toBe('Place the drawn pawn or rook, either first: click a highlighted cell');
  });

  it('asks first which drawn piece stays on the swan\'s cell', () => {
    const stay = [
      { uci: 'R@e4', san: 'R@e4', from: 'e4', to: 'e4', promotion: 'R', stays: true },
      { uci: 'P@e4', san: 'P@e4', from: 'e4', to: 'e4', promotion: 'P', stays: true },
    ];
    expect(placementPrompt(stay)).toBe('Choose the drawn piece that stays on e4 (rook or pawn): click e4');
  });

  it('counts unseen tiles', () => {
    expect(unseenText({ P: 8, N: 0, '2+': 1 })).toBe('8×P 1×2+');
    expect(unseenText({ P: 0 })).toBe('none');
    expect(unseenText({ '2+': 1, B: 2, P: 8 }, ['P', 'N', 'B', '2+'])).toBe('8×P 2×B 1×2+');
  });
});

describe('contributions to the randomness', () => {
  it('encodes every byte value in a symbol a contribution may hold, each symbol equally often', () => {
    const all = contributionText(Uint8Array.from({ length: 256 }, (_, i) => i));
    expect(all).toHaveLength(256);
    const counts = new Map<string, number>();
    for (const c of all) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(64); // 6 bits a symbol
    expect([...counts.values()].every((n) => n === 4)).toBe(true);
    expect(contributionProblem(all.slice(0, 64))).toBeNull();
    expect(contributionText(Uint8Array.of(0, 1, 26, 52, 62, 63, 64, 255))).toBe('ABa0-_A_');
  });

  it('draws fresh randomness the server takes', () => {
    const a = freshContribution();
    expect(a).toHaveLength(43);
    expect(contributionProblem(a)).toBeNull();
    expect(freshContribution()).not.toBe(a);
  });

  it("refuses what the referee refuses, in the referee's terms", () => {
    expect(contributionProblem('')).toMatch(/1 to 64 characters/);
    expect(contributionProblem('x'.repeat(65))).toMatch(/1 to 64 characters/);
    expect(contributionProblem('x'.repeat(64))).toBeNull();
    expect(contributionProblem(' ')).toBeNull();
    expect(contributionProblem('~!#$%&()*+,-./:;<=>?@[]^_`{|}')).toBeNull();
    expect(contributionProblem('say "hi"')).toMatch(/"\\"" is not allowed/);
    expect(contributionProblem('back\\slash')).toMatch(/without quote or backslash/);
    expect(contributionProblem('tab\there')).toMatch(/printable ASCII/);
    expect(contributionProblem('café')).toMatch(/printable ASCII/);
  });

  it('names the sides a seat may still give, none once the first move is played', () => {
    const game = (seat: GameState['seat'], white: string | null, open = true): GameState =>
      ({ seat, status: 'playing', blackswan: { contributions: { white, black: null }, contributions_open: open } }) as GameState;
    expect(contributionSides(game('both', null))).toEqual(['white', 'black']);
    expect(contributionSides(game('both', 'given'))).toEqual(['black']);
    expect(contributionSides(game('white', 'given'))).toEqual([]);
    expect(contributionSides(game('black', 'given'))).toEqual(['black']);
    expect(contributionSides(game('spectator', null))).toEqual([]);
    expect(contributionSides(game('black', null, false))).toEqual([]);
    expect(contributionSides({ seat: 'both', status: 'playing' } as GameState)).toEqual([]); // no referee
  });
});
