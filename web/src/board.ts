// The board view: draws a BoardState as SVG and turns pointer input into intents. Redraws are
// batched per animation frame; the cells layer is rebuilt only when the board or its orientation
// changes, the small layers above it (highlights, men, hints) on every redraw.

import {
  canPickUp,
  capitalised,
  choiceText,
  chooserTitle,
  clickCell,
  destinations,
  dropOn,
  placementCells,
  type BoardState,
  type Intent,
} from './board-state';
import { cellsMarkup } from './board-svg';
import { glyphDefs, glyphId } from './glyphs';
import { firstCell, isArrowKey, stepCell } from './keyboard';
import { coordinateLabels, makeLayout, pieceSize, pointsAttr, round, type Layout } from './layout';
import type { Cell, LegalMove, Point } from './types';

const SVG_NS = 'http://www.w3.org/2000/svg';
const DRAG_THRESHOLD_PX = 4;

export interface BoardView {
  element: HTMLElement;
  state: BoardState;
  /** Draws the state at once (the page after each change; gestures redraw on the next frame). */
  draw(): void;
}

export function createBoard(
  host: HTMLElement,
  state: BoardState,
  onIntent: (intent: Intent) => void,
): BoardView {
  const wrap = document.createElement('div');
  wrap.className = 'board-wrap';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.classList.add('board');
  // Operable by keyboard alone: the board takes the focus, arrows move between cells, Enter or
  // Space acts as a click; what the focused cell holds is read out through `spoken`.
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('role', 'application');
  svg.setAttribute('aria-label', 'Board: arrow keys move between cells, Enter or Space picks a man up and plays, Escape cancels');
  svg.setAttribute('data-board', state.geometry.id);
  const defs = document.createElementNS(SVG_NS, 'defs');
  const cellsLayer = layer(svg, 'cells');
  const marksLayer = layer(svg, 'marks');
  const labelsLayer = layer(svg, 'labels');
  const piecesLayer = layer(svg, 'pieces');
  const hintsLayer = layer(svg, 'hints');
  const dragLayer = layer(svg, 'drag');
  svg.insertBefore(defs, svg.firstChild);
  wrap.appendChild(svg);
  const chooserBox = document.createElement('div');
  chooserBox.className = 'chooser';
  chooserBox.hidden = true;
  wrap.appendChild(chooserBox);
  const caption = document.createElement('p');
  caption.className = 'board-caption';
  wrap.appendChild(caption);
  const spoken = document.createElement('p');
  spoken.className = 'sr-only';
  spoken.setAttribute('aria-live', 'polite');
  spoken.dataset.boardFocus = '';
  wrap.appendChild(spoken);
  host.appendChild(wrap);

  let drawnKey = '';
  let layout: Layout = makeLayout(state.geometry, state.orientation);
  let frame = 0;
  let wasSelected = false;
  let animatedReveal = 0; // the ply of the last reveal animated

  const cellByName = new Map<string, Cell>();

  function drawCells(): void {
    const key = `${state.geometry.id}|${state.orientation}|${state.coordinates}|${state.pieceInfo.length}`;
    if (key === drawnKey) return;
    drawnKey = key;
    cellByName.clear();
    for (const cell of state.geometry.cells) cellByName.set(cell.name, cell);
    layout = makeLayout(state.geometry, state.orientation);
    svg.setAttribute('viewBox', layout.viewBox);
    svg.setAttribute('data-orientation', state.orientation);
    defs.innerHTML = glyphDefs(state.pieceInfo.map((p) => p.name));
    cellsLayer.innerHTML = cellsMarkup(state.geometry, layout);
    labelsLayer.innerHTML = state.coordinates
      ? coordinateLabels(state.geometry, layout)
          .map(
            (l) =>
              `<text class="coord ${l.kind}" x="${round(l.at[0])}" y="${round(l.at[1])}">${l.text}</text>`,
          )
          .join('')
      : '';
  }

  function cellMark(name: string, cls: string): string {
    const cell = cellByName.get(name);
    return cell ? `<polygon class="${cls}" data-mark="${name}" points="${pointsAttr(layout, cell.polygon)}"/>` : '';
  }

  function pieceMarkup(cellName: string, extraClass = '', at?: Point): string {
    const piece = state.pieces.get(cellName);
    const cell = cellByName.get(cellName);
    if (!piece || !cell) return '';
    const info = state.pieceInfo.find((p) => p.token === piece.token);
    const size = pieceSize(cell);
    const [cx, cy] = at ?? layout.toView(cell.centre);
    const x = round(cx - size / 2);
    const y = round(cy - size / 2);
    return (
      `<g class="piece ${piece.colour} ${extraClass}" data-piece="${cellName}" data-token="${piece.token}"` +
      ` transform="translate(${x} ${y}) scale(${round(size / 100)})">` +
      `<use href="#${glyphId(info?.name ?? piece.token)}"/>` +
      (info ? '' : `<text class="fallback" x="50" y="66">${piece.token}</text>`) +
      `</g>`
    );
  }

  /** Turns the revealed man over (a quarter turn of its face, then back), once per reveal. */
  function animateReveal(): void {
    if (!state.reveal || state.reveal.ply === animatedReveal) return;
    animatedReveal = state.reveal.ply;
    const man = piecesLayer.querySelector(`[data-piece="${state.reveal.cell}"] use`);
    if (!man || typeof (man as Element & { animate?: unknown }).animate !== 'function') return;
    man.animate(
      [
        { transform: 'scaleX(0.05)', filter: 'brightness(2)' },
        { transform: 'scaleX(1)', filter: 'brightness(1)' },
      ],
      { duration: 650, easing: 'cubic-bezier(0.2, 0.8, 0.3, 1.2)' },
    );
  }

  function draw(): void {
    frame = 0;
    drawCells();
    let marks = '';
    if (state.lastMove) {
      marks += cellMark(state.lastMove.from, 'last-move');
      marks += cellMark(state.lastMove.to, 'last-move');
    }
    for (const c of state.check) marks += cellMark(c, 'check');
    if (state.reveal) marks += cellMark(state.reveal.cell, 'reveal');
    if (state.selected) marks += cellMark(state.selected, 'selected');
    if (state.premove) marks += cellMark(state.premove.from, 'premove') + cellMark(state.premove.to, 'premove');
    if (state.focus && document.activeElement === svg) marks += cellMark(state.focus, 'focus');
    marksLayer.innerHTML = marks;

    const dragging = state.drag && state.drag.moved ? state.drag.from : null;
    let pieces = '';
    for (const name of state.pieces.keys()) pieces += pieceMarkup(name, name === dragging ? 'ghost' : '');
    piecesLayer.innerHTML = pieces;
    animateReveal();

    let hints = '';
    for (const to of placementCells(state.legal)) {
      const cell = cellByName.get(to);
      if (cell) hints += cellMark(to, 'hint placement').replace('data-mark', 'data-hint');
    }
    if (state.selected) {
      for (const [to, moves] of destinations(state.legal, state.selected)) {
        const cell = cellByName.get(to);
        if (!cell) continue;
        const [x, y] = layout.toView(cell.centre);
        const r = pieceSize(cell) / 2;
        const capture = state.pieces.has(to) && to !== state.selected;
        hints += capture
          ? `<circle class="hint capture" data-hint="${to}" cx="${round(x)}" cy="${round(y)}" r="${round(r * 0.95)}"/>`
          : `<circle class="hint" data-hint="${to}" cx="${round(x)}" cy="${round(y)}" r="${round(r * 0.32)}"/>`;
        if (moves.length > 1) hints += `<text class="hint-count" x="${round(x + r * 0.6)}" y="${round(y - r * 0.45)}">${moves.length}</text>`;
      }
    }
    hintsLayer.innerHTML = hints;
    // A move from a cell to itself (a placement, keeping an array) is played by a second click on
    // the selected man: say so, since nothing else on the board can show it.
    const own = state.selected ? destinations(state.legal, state.selected).get(state.selected) : undefined;
    caption.textContent = own ? `Click ${state.selected} again: ${own.map((m) => m.san).join(' or ')}` : '';

    dragLayer.innerHTML = dragging ? pieceMarkup(dragging, 'dragging', clientToView(state.drag!.client)) : '';
    drawChooser();
  }

  function drawChooser(): void {
    const chooser = state.chooser;
    if (!chooser) {
      chooserBox.hidden = true;
      chooserBox.innerHTML = '';
      return;
    }
    chooserBox.hidden = false;
    const colour = state.pieces.get(chooser.from)?.colour ?? 'white';
    chooserBox.innerHTML =
      `<div class="chooser-title">${escapeHtml(chooserTitle(chooser))}</div>` +
      chooser.options
        .map((m) => {
          const info = m.promotion ? state.pieceInfo.find((p) => p.token === m.promotion!.toUpperCase()) : undefined;
          const glyph = info
            ? `<svg class="choice-glyph" viewBox="0 0 100 100"><g class="piece ${colour}"><use href="#${glyphId(info.name)}"/></g></svg>`
            : '';
          return `<button type="button" class="choice" data-uci="${m.uci}">${glyph}<span>${escapeHtml(choiceText(m, state.pieceInfo))}</span><small>${escapeHtml(m.san)}</small></button>`;
        })
        .join('') +
      `<button type="button" class="choice cancel" data-cancel="1">Cancel</button>`;
    // A choice made by keyboard goes on by keyboard: the first (likeliest) option takes the focus.
    if (document.activeElement === svg) chooserBox.querySelector<HTMLButtonElement>('button')?.focus();
  }

  chooserBox.addEventListener('click', (e) => {
    const button = (e.target as Element).closest('button');
    if (!button || !state.chooser) return;
    const uci = button.getAttribute('data-uci');
    const move: LegalMove | undefined = state.chooser.options.find((m) => m.uci === uci);
    state.chooser = null;
    redraw();
    if ((e as MouseEvent).detail === 0) svg.focus({ preventScroll: true }); // chosen by keyboard
    if (move) onIntent({ kind: 'move', move });
  });

  function clientToView(client: Point): Point {
    const ctm = svg.getScreenCTM();
    if (!ctm) return [0, 0];
    const p = new DOMPoint(client[0], client[1]).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  function cellAt(clientX: number, clientY: number): string | null {
    const hit = document.elementFromPoint(clientX, clientY);
    const g = hit?.closest?.('[data-cell]');
    return g && svg.contains(g) ? g.getAttribute('data-cell') : null;
  }

  svg.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const cell = cellAt(e.clientX, e.clientY);
    if (!cell) return;
    e.preventDefault();
    const targets = state.selected ? destinations(state.legal, state.selected) : new Map();
    // A drawn piece is placed with one click on a highlighted cell.
    if ((state.selected && targets.has(cell)) || placementCells(state.legal).includes(cell)) {
      const intent = clickCell(state, cell);
      redraw();
      onIntent(intent);
      return;
    }
    if (canPickUp(state, cell)) {
      wasSelected = state.selected === cell;
      state.selected = cell;
      state.chooser = null;
      state.drag = { from: cell, client: [e.clientX, e.clientY], moved: false };
      svg.setPointerCapture?.(e.pointerId);
      redraw();
      return;
    }
    const intent = clickCell(state, cell);
    redraw();
    onIntent(intent);
  });

  // What the focused cell holds, for a screen reader.
  function describe(cell: string): string {
    const piece = state.pieces.get(cell);
    const name = piece ? state.pieceInfo.find((p) => p.token === piece.token)?.name ?? piece.token : '';
    const what = piece ? `${piece.colour} ${name}` : 'empty';
    const targets = state.selected ? destinations(state.legal, state.selected) : new Map();
    const notes = [state.selected === cell ? 'picked up' : '', targets.has(cell) ? `${state.selected} can go here` : ''];
    return [capitalised(cell), what, ...notes].filter(Boolean).join(', ');
  }

  svg.addEventListener('keydown', (e) => {
    if (!state.focus) state.focus = state.selected ?? firstCell(state.geometry, state.orientation);
    if (isArrowKey(e.key)) {
      state.focus = stepCell(state.geometry, state.focus, e.key, state.orientation);
    } else if (e.key === 'Enter' || e.key === ' ') {
      const intent = clickCell(state, state.focus);
      redraw();
      onIntent(intent);
    } else if (e.key === 'Escape') {
      state.selected = null;
      state.premove = null;
      state.chooser = null;
      onIntent({ kind: 'none' });
    } else {
      return;
    }
    e.preventDefault();
    spoken.textContent = describe(state.focus);
    redraw();
  });
  svg.addEventListener('focus', () => {
    state.focus ??= firstCell(state.geometry, state.orientation);
    spoken.textContent = describe(state.focus);
    redraw();
  });
  svg.addEventListener('blur', () => redraw());

  svg.addEventListener('pointermove', (e) => {
    const drag = state.drag;
    if (!drag) return;
    const dx = e.clientX - drag.client[0];
    const dy = e.clientY - drag.client[1];
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    drag.client = [e.clientX, e.clientY];
    redraw();
  });

  const endDrag = (e: PointerEvent): void => {
    const drag = state.drag;
    if (!drag) return;
    if (!drag.moved) {
      state.drag = null;
      if (wasSelected) state.selected = null;
      redraw();
      return;
    }
    const to = cellAt(e.clientX, e.clientY);
    const intent = dropOn(state, drag.from, to);
    if (intent.kind === 'none') state.selected = to === drag.from ? drag.from : null;
    redraw();
    onIntent(intent);
  };
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', () => {
    state.drag = null;
    redraw();
  });

  function redraw(): void {
    if (frame) return;
    frame = requestAnimationFrame(draw);
  }
  function redrawNow(): void {
    if (frame) cancelAnimationFrame(frame);
    draw();
  }
  redrawNow();
  return { element: wrap, state, draw: redrawNow };
}

function layer(svg: SVGSVGElement, name: string): SVGGElement {
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('class', `layer-${name}`);
  svg.appendChild(g);
  return g;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
