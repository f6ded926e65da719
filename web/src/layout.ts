// From the geometry's coordinates (x right, y up, one unit per ordinary cell) to the SVG's
// (y down), for either orientation. Everything the board draws goes through `toView`, so a flip is
// one rotation of the whole picture and every cell keeps its true shape.

import type { Cell, Colour, Geometry, Point } from './types';

/** Room around the cells for the coordinate labels, in cell units. */
export const MARGIN = 0.45;

export interface Layout {
  orientation: Colour;
  viewBox: string;
  width: number; // in cell units, margins included
  height: number;
  toView(p: Point): Point;
}

export function makeLayout(geometry: Geometry, orientation: Colour): Layout {
  const { min_x, min_y, max_x, max_y } = geometry.bounds;
  const width = max_x - min_x + 2 * MARGIN;
  const height = max_y - min_y + 2 * MARGIN;
  // White sees rank 1 at the bottom; Black sees the board turned half round.
  const toView =
    orientation === 'white'
      ? (p: Point): Point => [p[0] - min_x + MARGIN, max_y - p[1] + MARGIN]
      : (p: Point): Point => [max_x - p[0] + MARGIN, p[1] - min_y + MARGIN];
  return { orientation, viewBox: `0 0 ${round(width)} ${round(height)}`, width, height, toView };
}

export function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** An SVG `points` attribute for a polygon in view coordinates. */
export function pointsAttr(layout: Layout, polygon: Point[]): string {
  return polygon.map((p) => layout.toView(p).map(round).join(',')).join(' ');
}

/** Area of a polygon (shoelace), in square cell units. */
export function polygonArea(polygon: Point[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i];
    const [x2, y2] = polygon[(i + 1) % polygon.length];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/**
 * The size at which a man is drawn on a cell: nearly the full cell on an ordinary one, smaller on
 * a cell cut in part (Chess 66's halved a4 and h5 and its switch fields).
 */
export function pieceSize(cell: Cell): number {
  const area = polygonArea(cell.polygon);
  return area >= 0.99 && cell.polygon.length === 4 && isAxisSquare(cell.polygon) ? 0.9 : Math.max(0.5, Math.min(0.9, Math.sqrt(area) * 0.75));
}

function isAxisSquare(polygon: Point[]): boolean {
  return polygon.every(([x, y], i) => {
    const [nx, ny] = polygon[(i + 1) % polygon.length];
    return x === nx || y === ny;
  });
}

export interface CoordinateLabel {
  text: string;
  at: Point; // view coordinates
  kind: 'file' | 'rank';
}

/**
 * Coordinate labels read off the cell names (letters = file, digits = rank), written in the margin
 * below the board (files) and left of it (ranks) as seen from this orientation, level with their
 * cells. Cells whose names have no letters (Chess 66's `4` and `5`) give no label of their own.
 */
export function coordinateLabels(geometry: Geometry, layout: Layout): CoordinateLabel[] {
  const files = new Map<number, { text: string; x: number; y: number; whole: boolean }>();
  const ranks = new Map<number, { text: string; y: number }>();
  for (const cell of geometry.cells) {
    const m = /^([a-z]+)(\d+)$/.exec(cell.name);
    if (!m) continue;
    const [vx, vy] = layout.toView(cell.centre);
    // A file's label goes under its lowest whole cell as seen: files need not be straight (Chess
    // 66's a-file is shifted above the switch), and halved cells sit off-centre.
    const f = files.get(cell.file);
    if (!f || (isWhole(cell) && (!f.whole || vy > f.y))) files.set(cell.file, { text: m[1], x: vx, y: vy, whole: isWhole(cell) });
    if (!ranks.has(cell.rank) || isWhole(cell)) ranks.set(cell.rank, { text: m[2], y: vy });
  }
  const labels: CoordinateLabel[] = [];
  for (const f of files.values()) labels.push({ text: f.text, at: [f.x, layout.height - MARGIN * 0.5], kind: 'file' });
  for (const r of ranks.values()) labels.push({ text: r.text, at: [MARGIN * 0.5, r.y], kind: 'rank' });
  return labels;
}

function isWhole(cell: Cell): boolean {
  return Math.abs(polygonArea(cell.polygon) - 1) < 1e-9 && isAxisSquare(cell.polygon);
}
