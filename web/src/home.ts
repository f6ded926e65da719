// The start page: the new-game dialog, importing a PGN or a FEN, and the games to resume.

import { api, type NewGame } from './api';
import { balanceLine, BANDS, bandWords, mateInOne, mateWarnings } from './atlas';
import { escapeHtml } from './board';
import { fenShapeError } from './fen';
import { pgnTags } from './game-model';
import { optionHelp, optionLabel, valueLabel } from './option-labels';
import { loadGames, saveGame } from './storage';
import type { CreatedGame, Roll, Variant } from './types';

type Navigate = (path: string) => void;

const KIND_WORDS: Record<string, string> = {
  number: 'By number',
  array: 'By array',
  relocation: 'A relocated array (no relocation phase)',
  dice: 'By dice',
};

export async function renderHome(root: HTMLElement, navigate: Navigate): Promise<void> {
  root.innerHTML = `
    <section class="panel new-game" aria-label="New game">
      <h2>New game</h2>
      <form id="new-game">
        <label>Game <select name="variant" id="variant"></select></label>
        <div id="options" class="options"></div>
        <fieldset id="setup"><legend>Setup</legend></fieldset>
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
    <section class="panel stored" aria-label="Your games">
      <h2>Your games</h2>
      <ul id="stored-games" class="game-list"></ul>
    </section>`;

  const form = root.querySelector<HTMLFormElement>('#new-game')!;
  const variantSelect = root.querySelector<HTMLSelectElement>('#variant')!;
  const importVariant = root.querySelector<HTMLSelectElement>('#import-variant')!;
  const optionsBox = root.querySelector<HTMLDivElement>('#options')!;
  const setupBox = root.querySelector<HTMLFieldSetElement>('#setup')!;
  const newError = root.querySelector<HTMLParagraphElement>('#new-error')!;
  const importError = root.querySelector<HTMLParagraphElement>('#import-error')!;

  let variants: Variant[] = [];
  try {
    variants = await api.variants();
  } catch (e) {
    newError.textContent = `The server did not list its games: ${(e as Error).message}`;
    return;
  }
  const optionsHtml = variants
    .map((v) => `<option value="${escapeHtml(v.name)}">${escapeHtml(v.title)}</option>`)
    .join('');
  variantSelect.innerHTML = optionsHtml;
  importVariant.innerHTML = optionsHtml;
  let roll: Roll | null = null;
  // Each roll request gets a number; only the latest one's reply is shown and used, so a reply
  // that arrives late (a second event, a changed game) never replaces the dice on screen.
  let rollRequest = 0;
  let rolling = false;

  const current = (): Variant => variants.find((v) => v.name === variantSelect.value) ?? variants[0];

  function chosenOptions(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const select of optionsBox.querySelectorAll<HTMLSelectElement>('select'))
      out[select.name.slice('opt.'.length)] = select.value;
    return out;
  }

  function drawVariant(): void {
    const v = current();
    optionsBox.innerHTML =
      v.options
        .map(
          (o) =>
            `<label>${escapeHtml(optionLabel(o.name))} <select name="opt.${escapeHtml(o.name)}" aria-describedby="help-${escapeHtml(o.name)}">` +
            o.values
              .map((val) => `<option value="${escapeHtml(val)}"${val === o.default ? ' selected' : ''}>${escapeHtml(valueLabel(o.name, val))}</option>`)
              .join('') +
            `</select></label><small class="option-help muted" id="help-${escapeHtml(o.name)}">${escapeHtml(optionHelp(o.name))}</small>`,
        )
        .join('') +
      `<p class="rules-link"><a href="/rules/${encodeURIComponent(v.name)}" data-route>Rules of ${escapeHtml(v.title)}</a>` +
      (v.atlas ? ` · <a id="atlas-link" href="/atlas/${encodeURIComponent(v.name)}" data-route>Setup atlas of ${escapeHtml(v.title)}</a>` : '') +
      '</p>';
    const kind = v.setups.kind;
    const way = KIND_WORDS[kind];
    roll = null;
    rollRequest++;
    rolling = false;
    // Engine mode only for the games the engine plays.
    const engineRadio = form.querySelector<HTMLInputElement>('input[name=mode][value=engine]')!;
    engineRadio.disabled = v.engine === false;
    engineRadio.closest('label')!.title = v.engine === false ? 'The engine does not play this game yet' : '';
    if (engineRadio.disabled && engineRadio.checked)
      form.querySelector<HTMLInputElement>('input[name=mode][value=local]')!.checked = true;
    if (kind === 'seed') {
      // A refereed game (Black Swan): the start is the server's secret seed's.
      setupBox.innerHTML =
        '<legend>Setup</legend><input type="hidden" name="setup-way" value="random">' +
        '<p class="muted seed-note">The server draws a secret seed that sets every hidden swan and ' +
        'every event. You see its commitment (SHA-256) before move 1 and the seed when the game ' +
        'ends, so you can check every draw with <code>menagerie verify</code> on the game\'s PGN.</p>';
      showExtras();
      return;
    }
    setupBox.innerHTML =
      '<legend>Setup</legend>' +
      `<label><input type="radio" name="setup-way" value="random" checked> ${kind === 'relocation' ? 'Relocation phase, played on the board' : 'Random'}</label>` +
      (way && v.setups.count !== 1
        ? `<label><input type="radio" name="setup-way" value="chosen"> ${way}</label>`
        : '') +
      (kind === 'dice' ? '<label><input type="radio" name="setup-way" value="dice"> Roll the dice here</label>' : '') +
      `<div class="setup-extra" data-for="chosen" hidden>
         <input name="setup-id" list="setup-list" placeholder="${kind === 'array' ? 'an array such as RBNBKQNR, or a number' : kind === 'dice' ? 'dice such as W1-5-6.G6.R1' : 'a setup'}">
         <datalist id="setup-list"></datalist>
         <small>${v.setups.count} setups</small>
       </div>
       <div class="setup-extra" data-for="dice" hidden>
         <button type="button" id="roll">Roll</button>
         <div id="roll-result" class="roll"></div>
       </div>` +
      (v.atlas
        ? `<div class="setup-extra" data-for="random">
             <label>Draw only balanced setups <select name="balance" id="balance-band">
               <option value="">any setup</option>${BANDS.map((b) => `<option value="${b}">within ${bandWords(b)}</option>`).join('')}
             </select></label>
           </div>`
        : '') +
      '<p id="balance-line" class="balance-line" aria-live="polite"></p><ul id="balance-warning" class="balance-warning" hidden></ul>';
    root.querySelector('#roll')?.addEventListener('click', () => void doRoll());
    showExtras();
  }

  async function doRoll(): Promise<void> {
    const request = ++rollRequest;
    rolling = true;
    let shown: Roll | null = null;
    let failure = '';
    try {
      shown = await api.roll(current().name, chosenOptions());
    } catch (e) {
      failure = (e as Error).message;
    }
    if (request !== rollRequest) return;
    rolling = false;
    roll = shown;
    const box = root.querySelector<HTMLDivElement>('#roll-result');
    if (!box) return;
    if (shown) box.innerHTML = diceHtml(shown);
    else box.textContent = failure;
    void showBalance();
  }

  async function fillSetups(): Promise<void> {
    const list = root.querySelector<HTMLDataListElement>('#setup-list');
    if (!list || list.childElementCount > 0) return;
    try {
      const setups = await api.setups(current().name, chosenOptions());
      list.innerHTML = setups
        .slice(0, 3000)
        .map((s) => `<option value="${escapeHtml(s.id)}">${escapeHtml(s.fen)}</option>`)
        .join('');
    } catch {
      // The list only helps typing; a setup is still checked by the server when the game starts.
    }
  }

  function showExtras(): void {
    const way = form.querySelector<HTMLInputElement>('input[name=setup-way]:checked')?.value;
    for (const el of setupBox.querySelectorAll<HTMLElement>('.setup-extra')) el.hidden = el.dataset.for !== way;
    if (way === 'chosen') void fillSetups();
    if (way === 'dice' && !roll && !rolling) void doRoll();
    const mode = form.querySelector<HTMLInputElement>('input[name=mode]:checked')?.value;
    for (const el of form.querySelectorAll<HTMLElement>('.mode-extra')) el.hidden = el.dataset.for !== mode;
    root.querySelector('#level-out')!.textContent = (form.elements.namedItem('level') as HTMLInputElement).value;
    scheduleBalance();
  }

  // The balance line: the atlas row of the start the setup chosen or rolled has with the options
  // chosen (the server resolves any spelling of the setup); for a random setup, the band asked
  // for. Each request gets a number and only the latest is shown, as with the rolls.
  let balanceRequest = 0;
  let balanceTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleBalance(): void {
    clearTimeout(balanceTimer);
    balanceTimer = setTimeout(() => void showBalance(), 120);
  }

  async function showBalance(): Promise<void> {
    const request = ++balanceRequest;
    const line = root.querySelector<HTMLParagraphElement>('#balance-line');
    const warning = root.querySelector<HTMLUListElement>('#balance-warning');
    if (!line || !warning) return;
    const show = (text: string, warnings: string[] = [], lost = false): void => {
      if (request !== balanceRequest) return;
      line.textContent = text;
      line.classList.toggle('lost', lost);
      warning.innerHTML = warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('');
      warning.hidden = warnings.length === 0;
    };
    const v = current();
    if (!v.atlas) return show('');
    const way = form.querySelector<HTMLInputElement>('input[name=setup-way]:checked')?.value;
    if (way === 'random') {
      const band = root.querySelector<HTMLSelectElement>('#balance-band')?.value;
      return show(band ? `A setup the engine scores within ${bandWords(Number(band))}, never one lost in one move.` : '');
    }
    const typed = way === 'chosen' ? String(new FormData(form).get('setup-id') ?? '').trim() : way === 'dice' ? roll?.setup ?? '' : '';
    if (!typed) return show('');
    let found: Awaited<ReturnType<typeof api.atlasSetup>>;
    try {
      found = await api.atlasSetup(v.name, chosenOptions(), typed);
    } catch {
      return show(''); // not (yet) a setup of the game: the server says so when the game starts
    }
    const row = found.rows[0];
    if (!row) return show(`Balance: ${found.setup} with these options is not in the atlas.`);
    show(balanceLine(row), mateWarnings(row), mateInOne(row));
  }

  variantSelect.addEventListener('change', drawVariant);
  form.addEventListener('change', showExtras);
  form.addEventListener('input', showExtras);
  drawVariant();
  prefill(new URLSearchParams(window.location.search));

  // The atlas page's Play links open the dialog filled in: ?variant=V&setup=ID&opt.NAME=VALUE.
  function prefill(asked: URLSearchParams): void {
    const name = asked.get('variant');
    if (!name || !variants.some((v) => v.name === name)) return;
    variantSelect.value = name;
    drawVariant();
    for (const [key, value] of asked) {
      if (!key.startsWith('opt.')) continue;
      const select = optionsBox.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(key)}"]`);
      if (select && [...select.options].some((o) => o.value === value)) select.value = value;
    }
    const setup = asked.get('setup');
    const chosen = form.querySelector<HTMLInputElement>('input[name=setup-way][value=chosen]');
    if (setup && chosen) {
      chosen.checked = true;
      (form.elements.namedItem('setup-id') as HTMLInputElement).value = setup;
    }
    showExtras();
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    newError.textContent = '';
    const data = new FormData(form);
    const mode = data.get('mode') as NewGame['mode'];
    const game: NewGame = { variant: current().name, options: chosenOptions(), mode };
    const way = data.get('setup-way');
    if (way === 'chosen') {
      const id = String(data.get('setup-id') ?? '').trim();
      if (!id) {
        newError.textContent = 'Type a setup, or choose Random.';
        return;
      }
      game.setup = id;
    } else if (way === 'random' && data.get('balance')) {
      game.balance = Number(data.get('balance'));
    } else if (way === 'dice') {
      if (!roll) {
        newError.textContent = 'Roll the dice first.';
        return;
      }
      game.setup = roll.setup;
    }
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

export function diceHtml(roll: Roll): string {
  return (
    `<div class="dice">` +
    colouredDice(roll)
      .map(([colour, n]) => dieSvg(n, colour))
      .join('') +
    `<code>${escapeHtml(roll.setup)}</code></div>` +
    (roll.changes.length ? `<ul class="changes">${roll.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` : '<p>No substitutions.</p>')
  );
}

/** Each die with its colour where the roll names colours ({"white":[1,5,6],"green":6,"red":1}). */
export function colouredDice(roll: Roll): [string, number][] {
  if (roll.dice && typeof roll.dice === 'object' && !Array.isArray(roll.dice))
    return Object.entries(roll.dice as Record<string, unknown>).flatMap(([colour, v]) =>
      diceFaces({ ...roll, dice: v }).map((n): [string, number] => [colour, n]),
    );
  return diceFaces(roll).map((n) => ['white', n]);
}

/** The faces rolled: the numbers of `dice` where it is a list or record of them, else the digits of the setup. */
export function diceFaces(roll: Roll): number[] {
  const numbers: number[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6) numbers.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(roll.dice);
  return numbers.length ? numbers : [...String(roll.setup).matchAll(/\d/g)].map((m) => Number(m[0]));
}

// A die face of 1-6 pips.
function dieSvg(n: number, colour: string): string {
  const pips: Record<number, [number, number][]> = {
    1: [[50, 50]],
    2: [[28, 28], [72, 72]],
    3: [[28, 28], [50, 50], [72, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
  };
  return (
    `<svg class="die ${escapeHtml(colour)}" viewBox="0 0 100 100" data-face="${n}" aria-label="${escapeHtml(colour)} ${n}"><rect x="4" y="4" width="92" height="92" rx="16"/>` +
    (pips[n] ?? []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9"/>`).join('') +
    '</svg>'
  );
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
