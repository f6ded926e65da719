// The atlas pages: `/atlas` lists the games with a setup atlas, `/atlas/NAME` shows one: how
// balanced each start setup is by the engine's evaluation (atlas.ts), as a picture over the dice
// or the arrays and as a table to sort and filter, each setup one click away from a new game (the
// new-game dialog, filled in) or an analysis board.

import { api, cachedAtlas, variantsOrError } from './api';
import {
  advantageWords,
  BANDS,
  balanceColour,
  bandWords,
  balanceGrid,
  filterRows,
  gridSvg,
  limitWords,
  mateInOne,
  mateWarnings,
  NO_FILTER,
  optionSets,
  optionSetWords,
  optionsText,
  pawns,
  rowKey,
  scaleSvg,
  sortRows,
  type AtlasFilter,
  type SortKey,
} from './atlas';
import { escapeHtml } from './board';
import { rememberCreated } from './home';
import type { Atlas, AtlasRow } from './types';

type Navigate = (path: string) => void;

/** Rows shown before "Show all": enough to read, few enough to draw at once. */
const FIRST_ROWS = 300;

/** The new-game dialog's address, filled in with a setup and its options. */
export function newGameHref(row: AtlasRow): string {
  const q = new URLSearchParams({ variant: row.variant, setup: row.setup });
  for (const [k, v] of Object.entries(row.options)) q.set(`opt.${k}`, v);
  return `/?${q.toString()}`;
}

/** The mate column's words: who mates, in how many, and by how many first moves. */
function mateCell(r: AtlasRow): string {
  if (r.mating_moves > 0) return `White mates in one (${r.mating_moves} move${r.mating_moves === 1 ? '' : 's'})`;
  if (r.forced_mate === -1) return 'Black mates in one';
  return r.forced_mate ? `White mates in ${r.forced_mate}` : '';
}

const COLUMNS: { key: SortKey; title: string }[] = [
  { key: 'setup', title: 'Setup' },
  { key: 'score', title: 'Evaluation' },
  { key: 'balance', title: 'Balance' },
  { key: 'mate', title: 'Mate' },
  { key: 'depth', title: 'Depth' },
  { key: 'white', title: 'Games W–D–B' },
];

export async function renderAtlas(root: HTMLElement, variant: string | null, navigate: Navigate): Promise<void> {
  const variants = await variantsOrError(root);
  if (!variants) return;
  const game = variants.find((v) => v.name === variant);
  if (!game || !game.atlas) {
    const withAtlas = variants.filter((v) => v.atlas);
    root.innerHTML =
      '<section class="panel atlas"><h1>The setup atlas</h1>' +
      (variant ? `<p class="error" role="alert">${escapeHtml(game ? `${game.title} has no setup atlas.` : `There is no game ${variant}.`)}</p>` : '') +
      '<p>How balanced every start setup of a game is, by the engine’s evaluation from White’s side.</p>' +
      `<ul class="rules-list">${withAtlas
        .map((v) => `<li><a href="/atlas/${encodeURIComponent(v.name)}" data-route>${escapeHtml(v.title)}</a></li>`)
        .join('')}</ul></section>`;
    return;
  }
  root.innerHTML = `<section class="panel atlas"><h1>Setup atlas · ${escapeHtml(game.title)}</h1><p class="muted">Loading…</p></section>`;
  let atlas: Atlas;
  try {
    atlas = await cachedAtlas(game.name);
  } catch (e) {
    root.innerHTML = `<section class="panel atlas"><p class="error" role="alert">${escapeHtml((e as Error).message)}</p></section>`;
    return;
  }
  const rows = atlas.rows;
  const sets = optionSets(rows);
  const lost = rows.filter(mateInOne).length;
  const dice = game.name === 'chess2016' || game.name === 'chess56';
  // Self-play results are optional: their column only where some row has games.
  const withGames = rows.some((r) => r.games > 0);
  const columns = COLUMNS.filter((c) => withGames || c.key !== 'white');
  root.innerHTML = `
    <section class="panel atlas" data-atlas="${escapeHtml(game.name)}">
      <h1>Setup atlas · ${escapeHtml(game.title)}</h1>
      <p>Each start setup of ${escapeHtml(game.title)} with the engine’s evaluation from White’s side
        (${escapeHtml(limitWords(atlas.limit))}): a positive score favours White, a negative one Black.
        ${rows.length} setup${rows.length === 1 ? '' : 's'}${sets.length > 1 ? ' and option sets' : ''};
        <strong>${lost}</strong> lost in one move.</p>
      <p><a href="/rules/${encodeURIComponent(game.name)}" data-route>Rules of ${escapeHtml(game.title)}</a> ·
        <a href="/" data-route>New game</a> · <a href="/atlas" data-route>Every atlas</a></p>
      <h2>The balance ${dice ? 'over the dice' : 'over the setups'}</h2>
      ${game.name === 'chess2016' && sets.length > 1 ? `<label>Show <select id="atlas-grid-options">${sets.map((s) => `<option value="${escapeHtml(s)}">${escapeHtml(optionSetWords(s))}</option>`).join('')}</select></label>` : ''}
      <div class="atlas-picture" id="atlas-picture"></div>
      <div class="atlas-legend">${scaleSvg()} <span class="muted">A crossed square is lost in one move. Click a square to find its setup below.</span></div>
      <h2>The setups</h2>
      <form class="atlas-filters" id="atlas-filters">
        <label>Setup <input name="text" id="atlas-text" autocomplete="off" placeholder="${dice ? 'W1-2-3' : 'a number'}"></label>
        <label>Balance <select name="band" id="atlas-band"><option value="">any</option>${BANDS.map((b) => `<option value="${b}">within ${bandWords(b)}</option>`).join('')}</select></label>
        <label>Better for <select name="side" id="atlas-side"><option value="any">either</option><option value="white">White</option><option value="black">Black</option></select></label>
        <label>Mate in one <select name="mate" id="atlas-mate"><option value="any">any</option><option value="only">only those</option><option value="none">none of those</option></select></label>
        ${sets.length > 1 ? `<label>Options <select name="options" id="atlas-options"><option value="*">any</option>${sets.map((s) => `<option value="${escapeHtml(s)}">${escapeHtml(optionSetWords(s))}</option>`).join('')}</select></label>` : ''}
      </form>
      <p id="atlas-count" class="muted" aria-live="polite"></p>
      <div class="atlas-table-wrap">
        <table class="atlas-table" id="atlas-table">
          <thead><tr>${columns.map((c) => `<th scope="col" data-sort="${c.key}"><button type="button" data-sort="${c.key}">${c.title}</button></th>`).join('')}<th scope="col">Best line</th><th scope="col"><span class="sr-only">Start</span></th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <button type="button" id="atlas-more" hidden>Show all</button>
      <p class="error" id="atlas-error" role="alert"></p>
    </section>`;

  const picture = root.querySelector<HTMLDivElement>('#atlas-picture')!;
  const gridOptions = root.querySelector<HTMLSelectElement>('#atlas-grid-options');
  const form = root.querySelector<HTMLFormElement>('#atlas-filters')!;
  const body = root.querySelector<HTMLTableSectionElement>('#atlas-table tbody')!;
  const count = root.querySelector<HTMLParagraphElement>('#atlas-count')!;
  const more = root.querySelector<HTMLButtonElement>('#atlas-more')!;
  const errorBox = root.querySelector<HTMLParagraphElement>('#atlas-error')!;
  let sort: { key: SortKey; descending: boolean } = { key: 'index', descending: false };
  let showAll = false;

  function drawPicture(): void {
    const grid = balanceGrid(game!.name, rows, gridOptions?.value ?? '');
    picture.innerHTML = gridSvg(
      grid,
      `The balance of each setup of ${game!.title}: ${grid.rowsAre} down${grid.columnsAre ? `, ${grid.columnsAre} across` : ''}`,
    );
  }

  function currentFilter(): AtlasFilter {
    const data = new FormData(form);
    const band = String(data.get('band') ?? '');
    const options = data.get('options');
    return {
      ...NO_FILTER,
      text: String(data.get('text') ?? ''),
      band: band ? Number(band) : null,
      mate: (data.get('mate') as AtlasFilter['mate']) ?? 'any',
      side: (data.get('side') as AtlasFilter['side']) ?? 'any',
      options: options === null || options === '*' ? null : String(options),
    };
  }

  function rowHtml(r: AtlasRow): string {
    const warnings = mateWarnings(r);
    const options = optionsText(r.options);
    const games = r.games ? `${r.white_wins}–${r.draws}–${r.black_wins}` : '';
    return (
      `<tr data-key="${escapeHtml(rowKey(r))}" data-setup="${escapeHtml(r.setup)}" class="${mateInOne(r) ? 'lost' : ''}">` +
      `<th scope="row"><code>${escapeHtml(r.setup)}</code>${options ? ` <small class="muted">${escapeHtml(optionSetWords(options))}</small>` : ''}</th>` +
      `<td class="score" data-cp="${r.score_cp}"><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" fill="${balanceColour(r.score_cp)}"/></svg> ${escapeHtml(r.mate ? `#${r.mate}` : pawns(r.score_cp))}</td>` +
      `<td>${escapeHtml(advantageWords(r))}</td>` +
      `<td class="mate">${warnings.length ? `<span class="warning-text" title="${escapeHtml(warnings.join(' '))}">${escapeHtml(mateCell(r))}</span>` : ''}</td>` +
      `<td>${r.depth}</td>` +
      (withGames ? `<td>${escapeHtml(games)}</td>` : '') +
      `<td class="pv">${escapeHtml(r.pv)}</td>` +
      `<td class="actions"><a href="${escapeHtml(newGameHref(r))}" data-route class="play" aria-label="Play ${escapeHtml(r.setup)}" title="A new game from this setup">Play</a> ` +
      `<button type="button" class="analyse" data-key="${escapeHtml(rowKey(r))}" aria-label="Analyse ${escapeHtml(r.setup)}" title="An analysis board of this setup">Analyse</button></td></tr>`
    );
  }

  function drawTable(): void {
    const shown = sortRows(filterRows(rows, currentFilter()), sort.key, sort.descending);
    const drawn = showAll ? shown : shown.slice(0, FIRST_ROWS);
    body.innerHTML = drawn.map(rowHtml).join('');
    count.textContent = `${shown.length} of ${rows.length} setups${drawn.length < shown.length ? `, the first ${drawn.length} shown` : ''}`;
    more.hidden = drawn.length === shown.length;
    more.textContent = `Show all ${shown.length}`;
    for (const th of root.querySelectorAll<HTMLElement>('th[data-sort]'))
      th.setAttribute('aria-sort', th.dataset.sort === sort.key ? (sort.descending ? 'descending' : 'ascending') : 'none');
  }

  root.querySelector('#atlas-table thead')!.addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-sort]');
    if (!button) return;
    const key = button.dataset.sort as SortKey;
    sort = { key, descending: sort.key === key ? !sort.descending : false };
    drawTable();
  });
  // On input only (selects send it too): the text field's change on leaving it would redraw the
  // rows under a click on one of their links, and the click would be lost.
  form.addEventListener('input', () => {
    showAll = false;
    drawTable();
  });
  form.addEventListener('submit', (e) => e.preventDefault());
  gridOptions?.addEventListener('change', drawPicture);
  more.addEventListener('click', () => {
    showAll = true;
    drawTable();
  });
  picture.addEventListener('click', (e) => {
    const cell = (e.target as Element).closest('[data-setup]');
    if (!cell) return;
    // The square's setup alone in the table, its options too where the atlas has several.
    const text = root.querySelector<HTMLInputElement>('#atlas-text')!;
    text.value = cell.getAttribute('data-setup')!;
    const options = root.querySelector<HTMLSelectElement>('#atlas-options');
    if (options) options.value = cell.getAttribute('data-options') ?? '*';
    drawTable();
    root.querySelector('#atlas-table')!.scrollIntoView({ block: 'nearest' });
  });
  body.addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button.analyse');
    if (!button) return;
    const row = rows.find((r) => rowKey(r) === button.dataset.key);
    if (!row) return;
    errorBox.textContent = '';
    button.disabled = true;
    const request = { variant: row.variant, options: row.options, setup: row.setup, mode: 'analysis' as const };
    api
      .createGame(request)
      .then((created) => navigate(rememberCreated(created, request)))
      .catch((err: Error) => {
        button.disabled = false;
        errorBox.textContent = err.message;
      });
  });
  drawPicture();
  drawTable();
}
