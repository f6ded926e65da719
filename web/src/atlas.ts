// The setup atlas in words, order and colour: pure functions over the rows of
// `GET /api/atlas/VARIANT` (the balance line of the new-game dialog, the atlas page's table,
// filters and picture). Scores are White's view in centipawns; a mate counts as ±10000.

import { escapeHtml } from './board';
import type { AtlasRow } from './types';

/** The bands a player may draw within, in centipawns (`balance` of POST /api/games). */
export const BANDS = [25, 50, 100] as const;

/** Centipawns as pawns with a sign: +0.35, -1.20, 0.00. */
export function pawns(cp: number): string {
  const text = (Math.abs(cp) / 100).toFixed(2);
  return cp > 0 ? `+${text}` : cp < 0 ? `-${text}` : text;
}

/** A band in words: ±0.25. */
export function bandWords(band: number): string {
  return `±${(band / 100).toFixed(2)}`;
}

/** Whether a row's first moves end the game: a mate in one for either side. */
export function mateInOne(row: AtlasRow): boolean {
  return row.mating_moves > 0 || Math.abs(row.forced_mate ?? 0) === 1 || Math.abs(row.mate ?? 0) === 1;
}

/** Whether a row may be drawn for a band (as the server decides it): the score within, no mate in one. */
export function inBand(row: AtlasRow, band: number): boolean {
  return Math.abs(row.score_cp) <= band && !mateInOne(row);
}

/** Who is better and by how much: "White +0.35", "Black +0.20", "level", "White mates in 3". */
export function advantageWords(row: AtlasRow): string {
  if (row.mate) return `${row.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(row.mate)}`;
  if (row.score_cp === 0) return 'level (0.00)';
  return `${row.score_cp > 0 ? 'White' : 'Black'} ${pawns(Math.abs(row.score_cp))}`;
}

/** The search's limit in words: nodes=100000 → 100k nodes, depth=12 → depth 12. */
export function limitWords(limit: string): string {
  return limit
    .split(',')
    .map((part) => {
      const [key, value] = part.trim().split('=');
      const n = Number(value);
      if (key === 'nodes' && Number.isFinite(n)) {
        if (n >= 1e6 && n % 1e5 === 0) return `${n / 1e6}M nodes`;
        if (n >= 1e3 && n % 100 === 0) return `${n / 1e3}k nodes`;
        return `${n} nodes`;
      }
      if (key === 'depth' && Number.isFinite(n)) return `depth ${n}`;
      return part.trim();
    })
    .join(', ');
}

/** The dialog's line: "Balance: White +0.35 (engine, 100k nodes)". */
export function balanceLine(row: AtlasRow): string {
  return `Balance: ${advantageWords(row)} (engine, ${limitWords(row.limit)})`;
}

/**
 * What a player should know before starting from this row: a start lost in one move, and any
 * forced mate the atlas proved. Empty when there is none.
 */
export function mateWarnings(row: AtlasRow): string[] {
  const out: string[] = [];
  if (row.mating_moves > 0) {
    const moves = row.mating_moves === 1 ? 'one first move mates' : `${row.mating_moves} first moves mate`;
    const example = row.best_san.includes('#') ? `, such as ${row.best_san}` : '';
    out.push(`Lost for Black in one move: White mates at once (${moves}${example}).`);
  }
  if (row.forced_mate === -1) out.push('Lost for White in one move: Black mates next move whatever White plays.');
  else if (row.forced_mate === 2) out.push('White forces mate in 2.');
  else if (row.forced_mate === 1 && row.mating_moves === 0) out.push('White forces mate in 1.');
  return out;
}

/** A row's options as `name=value` joined by `;` (empty for none), as the CSV writes them. */
export function optionsText(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([k, v]) => `${k}=${v}`)
    .join(';');
}

/** An option set in a few words, for the picture and the filter: "as rolled", "Knights ↔ Camels". */
export function optionSetWords(text: string): string {
  if (text === '') return 'as rolled';
  if (text === 'knight-camel-swap=always') return 'Knights ↔ Camels';
  return text.replace(/;/g, ', ');
}

/** What tells rows apart: the setup and its options. */
export function rowKey(row: AtlasRow): string {
  return `${row.setup}|${optionsText(row.options)}`;
}

export type SortKey = 'index' | 'setup' | 'score' | 'balance' | 'mate' | 'depth' | 'games' | 'white';

/** Rows in a new order: by a column, ascending or descending; ties keep the atlas's order. */
export function sortRows(rows: AtlasRow[], key: SortKey, descending = false): AtlasRow[] {
  const setupOrder = new Intl.Collator('en', { numeric: true });
  const value = (r: AtlasRow): number => {
    switch (key) {
      case 'score':
        return r.score_cp;
      case 'balance':
        return Math.abs(r.score_cp);
      case 'mate':
        return mateInOne(r) ? 2 + r.mating_moves : r.mate ? 1 : 0;
      case 'depth':
        return r.depth;
      case 'games':
        return r.games;
      case 'white':
        return r.games ? (r.white_wins + r.draws / 2) / r.games : -1;
      default:
        return r.index;
    }
  };
  const sign = descending ? -1 : 1;
  return rows
    .map((row, at) => ({ row, at }))
    .sort((a, b) => {
      const by = key === 'setup' ? setupOrder.compare(a.row.setup, b.row.setup) : value(a.row) - value(b.row);
      return by !== 0 ? sign * by : a.at - b.at;
    })
    .map((x) => x.row);
}

export interface AtlasFilter {
  /** Setup identifiers containing this text (case ignored); empty: all. */
  text: string;
  /** |score| at most this many centipawns and no mate in one; null: any. */
  band: number | null;
  /** Starts lost in one move only, none of them, or any. */
  mate: 'any' | 'only' | 'none';
  /** Rows of these options only (`name=value;...`, '' for the plain rows); null: any. */
  options: string | null;
  /** Who the engine prefers: White (score > 0), Black (< 0), or either. */
  side: 'any' | 'white' | 'black';
}

export const NO_FILTER: AtlasFilter = { text: '', band: null, mate: 'any', options: null, side: 'any' };

export function filterRows(rows: AtlasRow[], filter: AtlasFilter): AtlasRow[] {
  const text = filter.text.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!text || r.setup.toLowerCase().includes(text)) &&
      (filter.band === null || inBand(r, filter.band)) &&
      (filter.mate === 'any' || (filter.mate === 'only') === mateInOne(r)) &&
      (filter.options === null || optionsText(r.options) === filter.options) &&
      (filter.side === 'any' || (filter.side === 'white' ? r.score_cp > 0 : r.score_cp < 0)),
  );
}

/** The distinct option sets of an atlas's rows, the plain rows ('') first. */
export function optionSets(rows: AtlasRow[]): string[] {
  const seen = [...new Set(rows.map((r) => optionsText(r.options)))];
  return seen.sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)));
}

type Rgb = [number, number, number];
// A diverging scale: Black better is blue, level is pale grey, White better is orange; the two
// ends are far enough apart in lightness to read without colour too.
const BLACK_END: Rgb = [33, 78, 160];
const LEVEL: Rgb = [240, 240, 236];
const WHITE_END: Rgb = [214, 96, 26];
/** Scores at or past this many centipawns get the scale's end colour. */
export const SCALE_CP = 200;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => a.map((x, i) => Math.round(x + (b[i] - x) * t)) as Rgb;

/** The colour of a score on the scale from Black better to White better (a mate is an end). */
export function balanceColour(cp: number, scale = SCALE_CP): string {
  const t = Math.max(-1, Math.min(1, cp / scale));
  const [r, g, b] = t >= 0 ? mix(LEVEL, WHITE_END, t) : mix(LEVEL, BLACK_END, -t);
  return `rgb(${r}, ${g}, ${b})`;
}

/** The picture of the balance: a grid of cells, each one row of the atlas or empty. */
export interface BalanceGrid {
  rowLabels: string[];
  columnLabels: string[];
  cells: (AtlasRow | null)[][];
  /** What the rows and columns are, in words. */
  rowsAre: string;
  columnsAre: string;
}

const TRIPLES: string[] = (() => {
  const out: string[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) for (let c = b; c <= 6; c++) out.push(`${a}-${b}-${c}`);
  return out;
})();

/**
 * The grid for a game: Chess 2016 by white triple (rows) and green × red (columns) for one option
 * set; Chess 56 by white triple (columns) and option set (rows: as rolled, then each other set);
 * a game of arrays or numbers as a strip of setups in order, wrapped at `width`.
 */
export function balanceGrid(variant: string, rows: AtlasRow[], options = '', width = 40): BalanceGrid {
  const byKey = new Map(rows.map((r) => [rowKey(r), r]));
  const find = (setup: string, opts: string) => byKey.get(`${setup}|${opts}`) ?? null;
  if (variant === 'chess2016') {
    const columns: string[] = [];
    for (let g = 1; g <= 6; g++) for (let r = 1; r <= 6; r++) columns.push(`G${g}.R${r}`);
    return {
      rowLabels: TRIPLES.map((t) => `W${t}`),
      columnLabels: columns,
      cells: TRIPLES.map((t) => columns.map((c) => find(`W${t}.${c}`, options))),
      rowsAre: 'white dice',
      columnsAre: 'green die, then red die',
    };
  }
  if (variant === 'chess56') {
    const sets = optionSets(rows);
    return {
      rowLabels: sets.map(optionSetWords),
      columnLabels: TRIPLES.map((t) => `W${t}`),
      cells: sets.map((s) => TRIPLES.map((t) => find(`W${t}`, s))),
      rowsAre: 'options',
      columnsAre: 'white dice',
    };
  }
  const plain = rows.filter((r) => optionsText(r.options) === options);
  const ordered = sortRows(plain, 'setup');
  const cells: (AtlasRow | null)[][] = [];
  for (let at = 0; at < ordered.length; at += width) {
    const line: (AtlasRow | null)[] = ordered.slice(at, at + width);
    while (cells.length > 0 && line.length < width) line.push(null);
    cells.push(line);
  }
  return {
    rowLabels: cells.map((line) => line[0]?.setup ?? ''),
    columnLabels: [],
    cells,
    rowsAre: 'setups in order',
    columnsAre: '',
  };
}

/** Labels at the places where a label's group changes (G1 over six columns, then G2, ...). */
export function groupLabels(labels: string[], groupOf: (label: string) => string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  labels.forEach((label, at) => {
    const group = groupOf(label);
    if (out.length === 0 || out[out.length - 1].text !== group) out.push({ at, text: group });
  });
  return out;
}

/** A cell's words: setup, options and balance (its tooltip). */
export function cellTitle(row: AtlasRow): string {
  const options = optionsText(row.options);
  return `${row.setup}${options ? ` (${optionSetWords(options)})` : ''}: ${advantageWords(row)}${mateInOne(row) ? ', mate in one' : ''}`;
}

/**
 * The grid as SVG: a square per cell in its balance colour (a mate in one crossed), labels of
 * the rows at the left and of the column groups on top. Each cell names its row (`data-setup`,
 * `data-options`) for the page to act on a click.
 */
export function gridSvg(grid: BalanceGrid, label: string): string {
  // Large squares where there are few (Chess 56's two lines), small ones for 56 × 36.
  const size = grid.cells.length <= 8 ? 16 : 12;
  const left = Math.max(...grid.rowLabels.map((l) => l.length), 1) * 6 + 8;
  const top = grid.columnLabels.length ? 16 : 4;
  const width = left + Math.max(...grid.cells.map((line) => line.length), 1) * size + 2;
  const height = top + grid.cells.length * size + 2;
  const parts: string[] = [];
  grid.rowLabels.forEach((text, y) => {
    parts.push(`<text class="atlas-label" x="${left - 4}" y="${top + y * size + size - 3}" text-anchor="end">${escapeHtml(text)}</text>`);
  });
  const groupOf = (l: string): string => (l.startsWith('W') ? l.slice(0, 2) : l.split('.')[0]);
  for (const g of groupLabels(grid.columnLabels, groupOf))
    parts.push(`<text class="atlas-label" x="${left + g.at * size}" y="${top - 5}">${escapeHtml(g.text)}</text>`);
  grid.cells.forEach((line, y) =>
    line.forEach((row, x) => {
      const at = `x="${left + x * size}" y="${top + y * size}" width="${size - 1}" height="${size - 1}"`;
      if (!row) {
        parts.push(`<rect class="atlas-cell missing" ${at}><title>not in the atlas</title></rect>`);
        return;
      }
      const mate = mateInOne(row);
      parts.push(
        `<rect class="atlas-cell${mate ? ' mate' : ''}" ${at} fill="${balanceColour(row.score_cp)}" data-setup="${escapeHtml(row.setup)}" data-options="${escapeHtml(optionsText(row.options))}"><title>${escapeHtml(cellTitle(row))}</title></rect>`,
      );
      if (mate) {
        const x0 = left + x * size + 2, y0 = top + y * size + 2, d = size - 5;
        parts.push(`<path class="atlas-mate" d="M${x0} ${y0}l${d} ${d}M${x0 + d} ${y0}l${-d} ${d}"/>`);
      }
    }),
  );
  return `<svg class="atlas-grid" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(label)}">${parts.join('')}</svg>`;
}

/** The colour scale's legend: Black better at the left, White better at the right. */
export function scaleSvg(): string {
  const stops = [-1, -0.5, 0, 0.5, 1]
    .map((t) => `<stop offset="${(t + 1) * 50}%" stop-color="${balanceColour(t * SCALE_CP)}"/>`)
    .join('');
  return (
    `<svg class="atlas-scale" viewBox="0 0 240 30" width="240" height="30" role="img" aria-label="Colour scale from Black better by ${pawns(SCALE_CP).slice(1)} or more to White better by as much">` +
    `<defs><linearGradient id="atlas-scale-gradient">${stops}</linearGradient></defs>` +
    `<rect x="0" y="0" width="240" height="12" fill="url(#atlas-scale-gradient)"/>` +
    `<text class="atlas-label" x="0" y="26">Black ${pawns(SCALE_CP)}</text>` +
    `<text class="atlas-label" x="120" y="26" text-anchor="middle">level</text>` +
    `<text class="atlas-label" x="240" y="26" text-anchor="end">White ${pawns(SCALE_CP)}</text></svg>`
  );
}
