// The rules pages: `/rules` lists the games, `/rules/NAME` explains one in words (rules-text.ts),
// with its start drawn by the same board code as the game page and the legend of every piece
// type the game can have.

import { api, variantsOrError } from './api';
import { createBoard, escapeHtml } from './board';
import { newBoardState } from './board-state';
import { readFenBoard } from './fen';
import { renderLegend } from './legend';
import { optionHelp, optionLabel, valueLabel } from './option-labels';
import { RULES } from './rules-text';

export async function renderRules(root: HTMLElement, variant: string | null): Promise<void> {
  const variants = await variantsOrError(root);
  if (!variants) return;
  const game = variants.find((v) => v.name === variant);
  if (!game) {
    root.innerHTML =
      '<section class="panel rules"><h1>The games</h1><ul class="rules-list">' +
      variants
        .map((v) => `<li><a href="/rules/${encodeURIComponent(v.name)}" data-route>${escapeHtml(v.title)}</a> — ${escapeHtml(RULES[v.name]?.summary ?? '')}</li>`)
        .join('') +
      '</ul></section>';
    return;
  }
  const text = RULES[game.name];
  root.innerHTML =
    `<section class="panel rules" data-rules="${escapeHtml(game.name)}"><h1>${escapeHtml(game.title)}</h1>` +
    `<p>${escapeHtml(text?.summary ?? '')}</p>` +
    `<ul class="rules-points">${(text?.points ?? []).map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` +
    (game.options.length
      ? '<h2>Options</h2><dl class="rules-options">' +
        game.options
          .map(
            (o) =>
              `<dt>${escapeHtml(optionLabel(o.name))}</dt><dd>${escapeHtml(optionHelp(o.name))} ` +
              `<span class="muted">(${o.values.map((v) => escapeHtml(valueLabel(o.name, v))).join(' · ')}; default ${escapeHtml(valueLabel(o.name, o.default))})</span></dd>`,
          )
          .join('') +
        '</dl>'
      : '') +
    '<h2>The board</h2><div class="rules-board" id="rules-board"></div>' +
    '<p><a href="/" data-route>Play it</a> · ' +
    (game.atlas ? `<a id="atlas-link" href="/atlas/${encodeURIComponent(game.name)}" data-route>How balanced each setup is</a> · ` : '') +
    '<a href="/rules" data-route>All the games</a></p></section>' +
    '<section class="panel legend" id="legend" aria-label="Pieces"></section>';
  const geometry = await api.board(game.name, {});
  const state = newBoardState(geometry, geometry.pieces ?? []);
  // The first setup the server lists (a refereed game's start is its secret seed's: the empty board).
  const setups = await api.setups(game.name, {}).catch(() => []);
  if (setups.length) state.pieces = readFenBoard(setups[0].fen, geometry, state.pieceInfo.map((p) => p.token));
  const view = createBoard(root.querySelector<HTMLElement>('#rules-board')!, state, () => undefined);
  view.element.querySelector('svg')?.setAttribute('aria-label', `The board of ${game.title}${setups.length ? ', set up' : ''}`);
  renderLegend(root.querySelector<HTMLElement>('#legend')!, game.name, {}, geometry);
}
