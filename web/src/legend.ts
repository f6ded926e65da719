// The legend: the piece types of this game and setup (the server's `piece_types`; every type the
// game can have where it gives none), with glyph, name and move in words, what pawns may promote
// to, and on request a diagram of its moves on the game's empty board (/api/piece-moves).

import { api } from './api';
import { escapeHtml } from './board';
import { glyphDefs, glyphId } from './glyphs';
import { makeLayout, pointsAttr, round } from './layout';
import type { Cell, Geometry } from './types';

export function renderLegend(
  host: HTMLElement,
  variant: string,
  options: Record<string, string>,
  geometry: Geometry,
  types?: string[],
  promotions?: string[],
): void {
  const all = geometry.pieces ?? [];
  const pieces = types ? all.filter((p) => types.includes(p.token)) : all;
  const nameOf = (token: string): string => all.find((p) => p.token === token.toUpperCase())?.name ?? token;
  const promotes = promotions?.length
    ? `<p class="promotions" data-promotions="${promotions.length}">Pawns promote to: ${promotions.map((t) => escapeHtml(nameOf(t))).join(', ')}.</p>`
    : '';
  host.innerHTML =
    `<h2>Pieces of this game</h2>${promotes}<svg class="glyph-defs" aria-hidden="true" width="0" height="0"><defs>${glyphDefs(pieces.map((p) => p.name))}</defs></svg>` +
    '<ul class="legend-list">' +
    pieces
      .map(
        (p) =>
          `<li class="legend-item" data-token="${escapeHtml(p.token)}"><details><summary>` +
          `<svg class="legend-glyph" viewBox="0 0 100 100"><g class="piece white"><use href="#${glyphId(p.name)}"/></g></svg>` +
          `<svg class="legend-glyph" viewBox="0 0 100 100"><g class="piece black"><use href="#${glyphId(p.name)}"/></g></svg>` +
          `<span class="legend-name">${escapeHtml(p.name)}</span> <code>${escapeHtml(p.token)}</code>` +
          `<span class="legend-description">${escapeHtml(p.description)}</span></summary>` +
          '<div class="legend-diagram"></div></details></li>',
      )
      .join('') +
    '</ul>';
  for (const item of host.querySelectorAll<HTMLLIElement>('.legend-item')) {
    const details = item.querySelector('details')!;
    details.addEventListener('toggle', () => {
      const box = item.querySelector<HTMLDivElement>('.legend-diagram')!;
      if (!details.open || box.childElementCount > 0) return;
      const token = item.dataset.token!;
      const name = pieces.find((p) => p.token === token)?.name ?? token;
      const cell = centralCell(geometry);
      api
        .pieceMoves(variant, options, token, cell.name)
        .then((moves) => {
          box.innerHTML = diagramSvg(geometry, cell, name, moves);
        })
        .catch((e: Error) => {
          box.textContent = e.message;
        });
    });
  }
}

/** The cell nearest the middle of the board, where the diagram puts the man. */
export function centralCell(geometry: Geometry): Cell {
  const { min_x, min_y, max_x, max_y } = geometry.bounds;
  const mx = (min_x + max_x) / 2 - 0.01;
  const my = (min_y + max_y) / 2 - 0.01;
  let best = geometry.cells[0];
  let bestDistance = Infinity;
  for (const cell of geometry.cells) {
    const d = Math.hypot(cell.centre[0] - mx, cell.centre[1] - my);
    if (d < bestDistance) {
      best = cell;
      bestDistance = d;
    }
  }
  return best;
}

function diagramSvg(geometry: Geometry, at: Cell, name: string, moves: { quiet: string[]; capture: string[] }): string {
  const layout = makeLayout(geometry, 'white');
  const quiet = new Set(moves.quiet);
  const capture = new Set(moves.capture);
  let body = '';
  for (const cell of geometry.cells) {
    body += `<polygon class="sq ${cell.colour === 'both' ? 'light' : cell.colour}" points="${pointsAttr(layout, cell.polygon)}"/>`;
    const [x, y] = layout.toView(cell.centre);
    if (quiet.has(cell.name) && capture.has(cell.name))
      body += `<circle class="reach both" data-reach="${cell.name}" cx="${round(x)}" cy="${round(y)}" r="0.22"/>`;
    else if (quiet.has(cell.name)) body += `<circle class="reach quiet" data-reach="${cell.name}" cx="${round(x)}" cy="${round(y)}" r="0.18"/>`;
    else if (capture.has(cell.name)) body += `<path class="reach capture" data-reach="${cell.name}" d="M${round(x - 0.2)} ${round(y - 0.2)}l0.4 0.4m0 -0.4l-0.4 0.4"/>`;
  }
  const [cx, cy] = layout.toView(at.centre);
  body += `<g class="piece white" transform="translate(${round(cx - 0.45)} ${round(cy - 0.45)}) scale(0.009)"><use href="#${glyphId(name)}"/></g>`;
  return (
    `<svg class="diagram" viewBox="${layout.viewBox}">${body}</svg>` +
    `<p class="muted">● moves there · ✕ captures there only · ◉ both (from ${escapeHtml(at.name)})</p>`
  );
}
