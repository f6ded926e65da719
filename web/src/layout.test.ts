import { describe, expect, it } from 'vitest';
import chess from './fixtures/geometry-chess.json';
import chess2016 from './fixtures/geometry-chess2016.json';
import chess66 from './fixtures/geometry-chess66.json';
import { coordinateLabels, makeLayout, MARGIN, pieceSize, pointsAttr, polygonArea } from './layout';
import type { Geometry } from './types';

const g8 = chess as unknown as Geometry;
const g2016 = chess2016 as unknown as Geometry;
const g66 = chess66 as unknown as Geometry;

describe('layout', () => {
  it('has a cell for every cell of each board (holes absent)', () => {
    expect(g8.cells).toHaveLength(64);
    expect(g2016.cells).toHaveLength(96);
    expect(g66.cells).toHaveLength(66);
    expect(g2016.cells.some((c) => c.name === 'a1')).toBe(false);
  });

  it('puts White at the bottom and turns the board half round for Black', () => {
    const white = makeLayout(g8, 'white');
    const black = makeLayout(g8, 'black');
    // a1's corner (0,0): bottom left for White, top right for Black.
    expect(white.toView([0, 0])).toEqual([MARGIN, 8 + MARGIN]);
    expect(black.toView([0, 0])).toEqual([8 + MARGIN, MARGIN]);
    expect(white.viewBox).toBe(`0 0 ${8 + 2 * MARGIN} ${8 + 2 * MARGIN}`);
  });

  it('keeps the view box of Chess 66 wide enough for the field left of the a-file', () => {
    const layout = makeLayout(g66, 'white');
    const four = g66.cells.find((c) => c.name === '4')!;
    expect(four.polygon.length).toBeGreaterThanOrEqual(3);
    for (const p of four.polygon) expect(layout.toView(p)[0]).toBeGreaterThanOrEqual(MARGIN - 1e-9);
    expect(layout.width).toBeCloseTo(9 + 2 * MARGIN);
  });

  it('writes polygon points in view coordinates', () => {
    const layout = makeLayout(g8, 'white');
    const a1 = g8.cells.find((c) => c.name === 'a1')!;
    expect(pointsAttr(layout, a1.polygon)).toBe('0.45,8.45 1.45,8.45 1.45,7.45 0.45,7.45');
  });

  it('draws the halved a4 smaller than an ordinary cell', () => {
    const a4 = g66.cells.find((c) => c.name === 'a4')!;
    const b4 = g66.cells.find((c) => c.name === 'b4')!;
    expect(polygonArea(a4.polygon)).toBeCloseTo(0.5);
    expect(pieceSize(a4)).toBeLessThan(pieceSize(b4));
  });

  it('labels files and ranks from the cell names, on the edge facing the viewer', () => {
    const white = coordinateLabels(g8, makeLayout(g8, 'white'));
    expect(white.filter((l) => l.kind === 'file').map((l) => l.text).sort().join('')).toBe('abcdefgh');
    expect(white.filter((l) => l.kind === 'rank')).toHaveLength(8);
    const a = white.find((l) => l.text === 'a')!;
    const h = white.find((l) => l.text === 'h')!;
    expect(a.at[0]).toBeLessThan(h.at[0]);
    const black = coordinateLabels(g8, makeLayout(g8, 'black'));
    expect(black.find((l) => l.text === 'a')!.at[0]).toBeGreaterThan(black.find((l) => l.text === 'h')!.at[0]);
    // Chess 66's files are shifted above the switch: the labels read the bottom rank as seen.
    const l66 = makeLayout(g66, 'white');
    const a66 = coordinateLabels(g66, l66).find((l) => l.text === 'a')!;
    expect(a66.at[0]).toBeCloseTo(l66.toView([0.5, 0.5])[0]);
    const b66 = makeLayout(g66, 'black');
    expect(coordinateLabels(g66, b66).find((l) => l.text === 'a')!.at[0]).toBeCloseTo(b66.toView([-0.5, 7.5])[0]);
    const labels2016 = coordinateLabels(g2016, makeLayout(g2016, 'white'));
    expect(labels2016.filter((l) => l.kind === 'rank')).toHaveLength(10);
    expect(labels2016.filter((l) => l.kind === 'file')).toHaveLength(12);
  });
});
