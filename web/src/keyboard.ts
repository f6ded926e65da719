// The board by keyboard: from the focused cell, an arrow key moves to the nearest cell in that
// direction as the board is drawn (the geometry's centres, turned for Black's side), so it works
// on every board shape, holes and switches included.

import type { Colour, Geometry } from './types';

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export function isArrowKey(key: string): boolean {
  return key in DIRECTIONS;
}

/** The cell an arrow key leads to from `from` (itself at the board's edge). */
export function stepCell(geometry: Geometry, from: string, key: string, orientation: Colour): string {
  const direction = DIRECTIONS[key];
  const start = geometry.cells.find((c) => c.name === from);
  if (!direction || !start) return from;
  const sign = orientation === 'white' ? 1 : -1;
  const [dx, dy] = [direction[0] * sign, direction[1] * sign];
  let best = from;
  let bestScore = Infinity;
  for (const cell of geometry.cells) {
    const vx = cell.centre[0] - start.centre[0];
    const vy = cell.centre[1] - start.centre[1];
    const along = vx * dx + vy * dy;
    if (along < 0.5) continue;
    const across = Math.abs(vx * dy - vy * dx);
    // Straight ahead first; a cell off the line counts as twice as far.
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = cell.name;
    }
  }
  return best;
}

/** The cell the keyboard starts on: the first cell of the side's own first rank. */
export function firstCell(geometry: Geometry, orientation: Colour): string {
  const sorted = [...geometry.cells].sort((a, b) =>
    orientation === 'white' ? a.centre[1] - b.centre[1] || a.centre[0] - b.centre[0] : b.centre[1] - a.centre[1] || b.centre[0] - a.centre[0],
  );
  return sorted[0]?.name ?? '';
}
