// The start page: the new-game dialog, importing a PGN or a FEN, and the games to resume.

import { api, type NewGame } from './api';
import { escapeHtml } from './board';
import { fenShapeError } from './fen';
import { createGameChooser, gameChooserHtml } from './game-chooser';
import { pgnTags } from './game-model';
import { loadGames, saveGame } from './storage';
import type { CreatedGame, Variant } from './types';

type Navigate = (path: string) => void;

export async function renderHome(root: HTMLElement, navigate: Navigate): Promise<void> {
  root.innerHTML = `
    <section class="panel new-game" aria-label="New game">
      <h2>New game</h2>
      <form id="new-game">
        ${gameChooserHtml()}
        <fieldset id="mode"><legend>Mode</legend>
          <label><input type="radio" name="mode" value="engine" checked> Against the engine</label>
          <label><input type="radio" name="mode" value="local"> Two people, one screen</label>
          <label><input type="radio" name="mode" value="online"> Two people online</label>
          <label><input type="radio" name="mode" value="analysis"> Analysis board</label>
          <div class="mode-extra" data-for="engine">
            <label>Play as <select name="colour"><option value="white">White</option><option value="black">Black</option><option value="random">Random</option></select></label>
            <label>Strength <input type="range" name="level" min="1" max="8" value="3"><output id="level-out">3</output></label>
          </div>
          <div class="mode-extra" data-for="online" hidden>
            <label>Clock <select name="clock">
              <option value="">none</option><option value="180000/2000">3 + 2</option>
              <option value="300000/3000">5 + 3</option><option value="600000/5000">10 + 5</option>
              <option value="900000/10000">15 + 10</option><option value="1800000/20000">30 + 20</option>
            </select></label>
          </div>
        </fieldset>
        <button type="submit" class="primary" id="start">Start</button>
        <p class="error" id="new-error" role="alert"></p>
      </form>
    </section>
    <section class="panel import" aria-label="Import">
      <h2>Import a game or a position</h2>
      <label>Game <select id="import-variant"></select></label>
      <textarea id="import-text" rows="6" placeholder="Paste a PGN, or a FEN"></textarea>
      <div class="row">
        <button type="button" id="import-pgn">Import PGN</button>
        <button type="button" id="load-fen">Load FEN</button>
      </div>
      <p class="error" id="import-error" role="alert"></p>
    </section>
    <section class="panel stored" aria-label="Games in this browser">
      <h2>Games in this browser</h2>
      <ul id="stored-games" class="game-list"></ul>
    </section>`;

  const form = root.querySelector<HTMLFormElement>('#new-game')!;
  const importVariant = root.querySelector<HTMLSelectElement>('#import-variant')!;
  const newError = root.querySelector<HTMLParagraphElement>('#new-error')!;
  const importError = root.querySelector<HTMLParagraphElement>('#import-error')!;

  let variants: Variant[] = [];
  try {
    variants = await api.variants();
  } catch (e) {
    newError.textContent = `The server did not list its games: ${(e as Error).message}`;
    return;
  }
  importVariant.innerHTML = variants.map((v) => `<option value="${escapeHtml(v.name)}">${escapeHtml(v.title)}</option>`).join('');

  function showModeExtras(): void {
    const mode = form.querySelector<HTMLInputElement>('input[name=mode]:checked')?.value;
    for (const el of form.querySelectorAll<HTMLElement>('.mode-extra')) el.hidden = el.dataset.for !== mode;
    root.querySelector('#level-out')!.textContent = (form.elements.namedItem('level') as HTMLInputElement).value;
  }

  const chooser = createGameChooser(form, variants, {
    balancedDraw: true,
    // Engine mode only for the games the engine plays.
    onVariant: (v) => {
      const engineRadio = form.querySelector<HTMLInputElement>('input[name=mode][value=engine]')!;
      engineRadio.disabled = v.engine === false;
      engineRadio.closest('label')!.title = v.engine === false ? 'The engine does not play this game yet' : '';
      if (engineRadio.disabled && engineRadio.checked) form.querySelector<HTMLInputElement>('input[name=mode][value=local]')!.checked = true;
      showModeExtras();
    },
  });
  form.addEventListener('change', showModeExtras);
  form.addEventListener('input', showModeExtras);
  // The atlas page's Play links open the dialog filled in: ?variant=V&setup=ID&opt.NAME=VALUE.
  chooser.prefill(new URLSearchParams(window.location.search));

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    newError.textContent = '';
    const data = new FormData(form);
    const mode = data.get('mode') as NewGame['mode'];
    const setup = chooser.setup();
    if (typeof setup === 'string') {
      newError.textContent = setup;
      return;
    }
    const game: NewGame = { variant: chooser.current().name, options: chooser.options(), mode, ...setup };
    if (mode === 'engine') {
      let colour = String(data.get('colour'));
      if (colour === 'random') colour = Math.random() < 0.5 ? 'white' : 'black';
      game.engine = { color: colour === 'white' ? 'black' : 'white', level: Number(data.get('level')) };
    }
    const clock = String(data.get('clock') ?? '');
    if (mode === 'online' && clock) {
      const [initial, increment] = clock.split('/').map(Number);
      game.clock = { initial_ms: initial, increment_ms: increment };
    }
    void start(game, newError);
  });

  async function start(game: NewGame, errorBox: HTMLElement): Promise<void> {
    try {
      const created = await api.createGame(game);
      navigate(rememberCreated(created, game));
    } catch (e) {
      errorBox.textContent = (e as Error).message;
    }
  }

  root.querySelector('#import-pgn')!.addEventListener('click', () => {
    importError.textContent = '';
    const pgn = root.querySelector<HTMLTextAreaElement>('#import-text')!.value;
    if (!pgn.trim()) {
      importError.textContent = 'Paste a PGN first.';
      return;
    }
    const tagged = pgnTags(pgn).Variant;
    const variant = variants.find((v) => v.name.toLowerCase() === tagged?.toLowerCase())?.name ?? importVariant.value;
    void start({ variant, options: {}, pgn, mode: 'analysis' }, importError);
  });
  root.querySelector('#load-fen')!.addEventListener('click', () => {
    importError.textContent = '';
    const fen = root.querySelector<HTMLTextAreaElement>('#import-text')!.value.trim();
    const problem = fenShapeError(fen);
    if (problem) {
      importError.textContent = `Not loaded: ${problem}.`;
      return;
    }
    void start({ variant: importVariant.value, options: {}, fen, mode: 'analysis' }, importError);
  });

  await drawStored(root.querySelector<HTMLUListElement>('#stored-games')!);
}

/** Stores the new game's tokens and returns the path of the seat this browser takes. */
export function rememberCreated(created: CreatedGame, game: NewGame): string {
  const seat = created.tokens.both ? 'both' : created.tokens.white ? 'white' : 'black';
  const token = created.tokens.both ?? created.tokens.white ?? created.tokens.black ?? null;
  saveGame({ id: created.id, variant: game.variant, mode: game.mode, seat, token, links: created.links, saved: Date.now() });
  if (game.mode === 'online' && created.tokens.black)
    saveGame({ id: created.id, variant: game.variant, mode: game.mode, seat: 'black', token: created.tokens.black, links: created.links, saved: Date.now() - 1 });
  return `/game/${encodeURIComponent(created.id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

async function drawStored(list: HTMLUListElement): Promise<void> {
  const mine = loadGames();
  let onServer: Awaited<ReturnType<typeof api.games>> = [];
  try {
    onServer = await api.games();
  } catch {
    // Shown without the server's status.
  }
  const status = new Map(onServer.map((g) => [g.id, g]));
  list.innerHTML = mine.length
    ? mine
        .map((g) => {
          const s = status.get(g.id);
          const href = `/game/${encodeURIComponent(g.id)}${g.token ? `?token=${encodeURIComponent(g.token)}` : ''}`;
          return `<li><a href="${href}" data-route>${escapeHtml(g.variant)} · ${escapeHtml(g.mode)} · ${escapeHtml(g.seat)}</a> <span class="muted">${
            s ? `${s.status === 'over' ? s.result : `ply ${s.ply}`}` : 'not on this server'
          }</span></li>`;
        })
        .join('')
    : '<li class="muted">No games yet.</li>';
}
