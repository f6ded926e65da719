// The SVG markup of a board's cells, as a pure function of the geometry and the layout (so that it
// can be tested without a browser).

import { pointsAttr, round, type Layout } from './layout';
import type { Geometry } from './types';

/**
 * One `<g data-cell>` per cell, holding its polygon, or one polygon per part for a two-coloured
 * cell. The two fields of a switch (cells with a `mate`) get a dashed edge and their names, so
 * that they read as two targets.
 */
export function cellsMarkup(geometry: Geometry, layout: Layout): string {
  let html = '';
  for (const cell of geometry.cells) {
    const [cx, cy] = layout.toView(cell.centre);
    html += `<g class="cell" data-cell="${cell.name}" data-centre="${round(cx)},${round(cy)}">`;
    if (cell.parts && cell.parts.length > 0) {
      for (const part of cell.parts)
        html += `<polygon class="sq ${part.colour}" points="${pointsAttr(layout, part.polygon)}"/>`;
      html += `<polygon class="outline" points="${pointsAttr(layout, cell.polygon)}"/>`;
    } else {
      html += `<polygon class="sq ${cell.colour}" points="${pointsAttr(layout, cell.polygon)}"/>`;
    }
    if (cell.mate !== null) {
      html += `<polygon class="switch-edge" points="${pointsAttr(layout, cell.polygon)}"/>`;
      html += `<text class="cell-name" x="${round(cx)}" y="${round(cy + 0.3)}">${cell.name}</text>`;
    }
    html += '</g>';
  }
  return html;
}
