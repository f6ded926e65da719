import { describe, expect, it } from 'vitest';
import chess2016 from './fixtures/geometry-chess2016.json';
import chess66 from './fixtures/geometry-chess66.json';
import { cellsMarkup } from './board-svg';
import { makeLayout } from './layout';
import type { Geometry } from './types';

const g2016 = chess2016 as unknown as Geometry;
const g66 = chess66 as unknown as Geometry;

function cellNames(html: string): string[] {
  return [...html.matchAll(/data-cell="([^"]+)"/g)].map((m) => m[1]);
}

describe('cells markup', () => {
  it('draws one group per cell: 96 on Chess 2016 (holes absent), 66 on Chess 66', () => {
    const html2016 = cellsMarkup(g2016, makeLayout(g2016, 'white'));
    expect(cellNames(html2016)).toHaveLength(96);
    expect(cellNames(html2016)).not.toContain('a1');
    expect(cellNames(cellsMarkup(g66, makeLayout(g66, 'white')))).toHaveLength(66);
  });

  it("draws Chess 66's switch field 4 in its two colours and a4 as a triangle, both marked", () => {
    const html = cellsMarkup(g66, makeLayout(g66, 'white'));
    const four = /<g class="cell" data-cell="4"[^>]*>(.*?)<\/g>/.exec(html)![1];
    expect(four.match(/class="sq (dark|light)"/g)).toEqual(['class="sq dark"', 'class="sq light"']);
    expect(four).toContain('switch-edge');
    const a4 = /<g class="cell" data-cell="a4"[^>]*>(.*?)<\/g>/.exec(html)![1];
    const points = /class="sq light" points="([^"]+)"/.exec(a4)![1].split(' ');
    expect(points).toHaveLength(3);
    expect(a4).toContain('>a4</text>');
  });

  it('turns the picture half round for Black', () => {
    const white = cellsMarkup(g66, makeLayout(g66, 'white'));
    const black = cellsMarkup(g66, makeLayout(g66, 'black'));
    const centre = (html: string, name: string) =>
      /data-centre="([^"]+)"/.exec(html.slice(html.indexOf(`data-cell="${name}"`)))![1].split(',').map(Number);
    const [wx, wy] = centre(white, 'a1');
    const [bx, by] = centre(black, 'a1');
    const w = makeLayout(g66, 'white');
    expect(wx + bx).toBeCloseTo(w.width);
    expect(wy + by).toBeCloseTo(w.height);
    expect(wy).toBeGreaterThan(by); // a1 is at the bottom for White, at the top for Black
  });
});
