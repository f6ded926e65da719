// The game, its options and its setup: the part of a form that the new-game dialog and the
// lobby's seek form share. The setup is offered by its kind (random, by number or array, by
// dice, rolled here), with the setup's balance from the atlas and, where the form asks for it,
// the balanced draw. The form is filled in from an address (`?variant=V&setup=ID&opt.NAME=VALUE`).

import { api } from './api';
import { balanceLine, BANDS, bandWords, mateInOne, mateWarnings } from './atlas';
import { escapeHtml } from './board';
import { diceHtml } from './dice';
import { optionHelp, optionLabel, valueLabel } from './option-labels';
import type { Roll, Variant } from './types';

const KIND_WORDS: Record<string, string> = {
  number: 'By number',
  array: 'By array',
  relocation: 'A relocated array (no relocation phase)',
  dice: 'By dice',
};

/** The chooser's fields, to place in a form: the game, its options, its setup. */
export function gameChooserHtml(): string {
  return `
    <label>Game <select name="variant" id="variant"></select></label>
    <div id="options" class="options"></div>
    <fieldset id="setup"><legend>Setup</legend></fieldset>`;
}

/** The setup asked for: a setup's identifier, a band of balance for a random one, or neither. */
export interface SetupChoice {
  setup?: string;
  balance?: number;
}

export interface GameChooser {
  current(): Variant;
  options(): Record<string, string>;
  /** The setup chosen, or the sentence saying what is missing. */
  setup(): SetupChoice | string;
  /** Fills the fields from an address's parameters (the atlas's Play links). */
  prefill(asked: URLSearchParams): void;
}

/**
 * Fills the chooser's fields of `form` (from `gameChooserHtml`) with `variants`. `balancedDraw`
 * offers the draw among balanced setups (a new game's; a seek has none); `onVariant` runs after
 * another game is chosen.
 */
export function createGameChooser(
  form: HTMLFormElement,
  variants: Variant[],
  { balancedDraw, onVariant }: { balancedDraw: boolean; onVariant?: (v: Variant) => void },
): GameChooser {
  const variantSelect = form.querySelector<HTMLSelectElement>('#variant')!;
  const optionsBox = form.querySelector<HTMLDivElement>('#options')!;
  const setupBox = form.querySelector<HTMLFieldSetElement>('#setup')!;
  variantSelect.innerHTML = variants.map((v) => `<option value="${escapeHtml(v.name)}">${escapeHtml(v.title)}</option>`).join('');
  let roll: Roll | null = null;
  // Each roll request gets a number; only the latest one's reply is shown and used, so a reply
  // that arrives late (a second event, a changed game) never replaces the dice on screen.
  let rollRequest = 0;
  let rolling = false;

  const current = (): Variant => variants.find((v) => v.name === variantSelect.value) ?? variants[0];

  function chosenOptions(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const select of optionsBox.querySelectorAll<HTMLSelectElement>('select')) out[select.name.slice('opt.'.length)] = select.value;
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
    if (kind === 'seed') {
      // A refereed game (Black Swan): the start is the server's secret seed's.
      setupBox.innerHTML =
        '<legend>Setup</legend><input type="hidden" name="setup-way" value="random">' +
        '<p class="muted seed-note">The server draws a secret seed that sets every hidden swan and ' +
        'every event. You see its commitment (SHA-256) before move 1 and the seed when the game ' +
        'ends, so you can check every draw with <code>menagerie verify</code> on the game\'s PGN.</p>';
    } else {
      setupBox.innerHTML =
        '<legend>Setup</legend>' +
        `<label><input type="radio" name="setup-way" value="random" checked> ${kind === 'relocation' ? 'Relocation phase, played on the board' : 'Random'}</label>` +
        (way && v.setups.count !== 1 ? `<label><input type="radio" name="setup-way" value="chosen"> ${way}</label>` : '') +
        (kind === 'dice' ? '<label><input type="radio" name="setup-way" value="dice"> Roll the dice here</label>' : '') +
        `<div class="setup-extra" data-for="chosen" hidden>
           <input name="setup-id" list="setup-list" aria-label="Setup" placeholder="${kind === 'array' ? 'an array such as RBNBKQNR, or a number' : kind === 'dice' ? 'dice such as W1-5-6.G6.R1' : 'a setup'}">
           <datalist id="setup-list"></datalist>
           <small>${v.setups.count} setups</small>
         </div>
         <div class="setup-extra" data-for="dice" hidden>
           <button type="button" id="roll">Roll</button>
           <div id="roll-result" class="roll"></div>
         </div>` +
        (v.atlas && balancedDraw
          ? `<div class="setup-extra" data-for="random">
               <label>Draw only balanced setups <select name="balance" id="balance-band">
                 <option value="">any setup</option>${BANDS.map((b) => `<option value="${b}">within ${bandWords(b)}</option>`).join('')}
               </select></label>
             </div>`
          : '') +
        '<p id="balance-line" class="balance-line" aria-live="polite"></p><ul id="balance-warning" class="balance-warning" hidden></ul>';
      setupBox.querySelector('#roll')?.addEventListener('click', () => void doRoll());
    }
    onVariant?.(v);
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
    const box = setupBox.querySelector<HTMLDivElement>('#roll-result');
    if (!box) return;
    if (shown) box.innerHTML = diceHtml(shown);
    else box.textContent = failure;
    void showBalance();
  }

  async function fillSetups(): Promise<void> {
    const list = setupBox.querySelector<HTMLDataListElement>('#setup-list');
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

  const way = (): string | undefined => form.querySelector<HTMLInputElement>('input[name=setup-way]:checked')?.value;

  function showExtras(): void {
    const chosen = way();
    for (const el of setupBox.querySelectorAll<HTMLElement>('.setup-extra')) el.hidden = el.dataset.for !== chosen;
    if (chosen === 'chosen') void fillSetups();
    if (chosen === 'dice' && !roll && !rolling) void doRoll();
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
    const line = setupBox.querySelector<HTMLParagraphElement>('#balance-line');
    const warning = setupBox.querySelector<HTMLUListElement>('#balance-warning');
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
    const chosen = way();
    if (chosen === 'random') {
      const band = setupBox.querySelector<HTMLSelectElement>('#balance-band')?.value;
      return show(band ? `A setup the engine scores within ${bandWords(Number(band))}, never one lost in one move.` : '');
    }
    const typed = chosen === 'chosen' ? String(new FormData(form).get('setup-id') ?? '').trim() : chosen === 'dice' ? roll?.setup ?? '' : '';
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

  return {
    current,
    options: chosenOptions,
    setup(): SetupChoice | string {
      const data = new FormData(form);
      const chosen = data.get('setup-way');
      if (chosen === 'chosen') {
        const id = String(data.get('setup-id') ?? '').trim();
        return id ? { setup: id } : 'Type a setup, or choose Random.';
      }
      if (chosen === 'random' && data.get('balance')) return { balance: Number(data.get('balance')) };
      if (chosen === 'dice') return roll ? { setup: roll.setup } : 'Roll the dice first.';
      return {};
    },
    prefill(asked: URLSearchParams): void {
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
    },
  };
}
