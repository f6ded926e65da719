// The lobby (the address `lobby` under the app's root): the open seeks, live over the lobby's
// WebSocket, each with its Accept (or, for one's own, Cancel); the form to post a seek (the game,
// its options and setup as in the new-game dialog, a clock or days per move, rated or casual, the
// colour, optionally to a named player or by link only); this browser's seeks with their links;
// and the games being played now, to watch. When a seek of this browser's is accepted, the page
// goes to the game (after a reload too: it claims its seeks again on the socket).

import { acceptedLink, playerLink, signedIn, signInPath } from './account';
import { api, type ApiError, variantsOrError } from './api';
import { escapeHtml } from './board';
import { createGameChooser, gameChooserHtml } from './game-chooser';
import {
  acceptProblem,
  accepterColour,
  applyLobbyMessage,
  CLOCK_PRESETS,
  CORRESPONDENCE_DAYS,
  emptyLobby,
  gameWords,
  isOwnSeek,
  seekRequest,
  timeWords,
  type LobbyLists,
  type SeekForm,
} from './lobby-model';
import { LobbySocket } from './lobby-socket';
import { forgetSeek, loadSeeks, saveSeek } from './storage';
import type { LiveGame, LobbyMessage, Seek, SeekColour, Variant } from './types';

type Navigate = (path: string) => void;

const COLOUR_WORDS: Record<SeekColour, string> = { white: 'White', black: 'Black', random: 'either' };

function lobbyHtml(): string {
  return `
    <section class="panel lobby" aria-labelledby="lobby-title">
      <h1 id="lobby-title">Lobby</h1>
      <p id="lobby-status" class="muted" aria-live="polite">Connecting…</p>
      <p class="error" id="lobby-error" role="alert"></p>
      <h2 id="seeks-title">Open seeks</h2>
      <div class="table-wrap">
        <table class="lobby-table" id="seeks" aria-labelledby="seeks-title">
          <thead><tr>
            <th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Game</th><th scope="col">Time</th>
            <th scope="col">Mode</th><th scope="col">You play</th><th scope="col"><span class="sr-only">Action</span></th>
          </tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <p id="no-seeks" class="muted">No open seeks now: post one.</p>
      <h2 id="live-title">Games being played</h2>
      <ul id="live-games" class="game-list" aria-labelledby="live-title"></ul>
    </section>
    <section class="panel seek-panel" aria-labelledby="post-title">
      <h2 id="post-title">Post a seek</h2>
      <form id="seek-form" novalidate>
        ${gameChooserHtml()}
        <fieldset id="time"><legend>Time</legend>
          <label><input type="radio" name="time" value="clock" checked> Clock</label>
          <label><input type="radio" name="time" value="correspondence"> Correspondence (days per move)</label>
          <div class="time-extra" data-for="clock">
            <label>Minutes + seconds a move <input name="clock" id="seek-clock" value="5+3" list="clock-presets" size="8" autocomplete="off" aria-describedby="clock-help"></label>
            <datalist id="clock-presets">${CLOCK_PRESETS.map((c) => `<option value="${c}"></option>`).join('')}</datalist>
            <small id="clock-help" class="muted">such as 3+2, 10+5 or ½+0</small>
          </div>
          <div class="time-extra" data-for="correspondence" hidden>
            <label>Days per move <select name="days" id="seek-days">${CORRESPONDENCE_DAYS.map((d) => `<option value="${d}"${d === 3 ? ' selected' : ''}>${d}</option>`).join('')}</select></label>
          </div>
        </fieldset>
        <fieldset id="rating-mode"><legend>Rating</legend>
          <label><input type="radio" name="rated" value="casual" checked> Casual</label>
          <label><input type="radio" name="rated" value="rated" id="seek-rated"> Rated</label>
          <small id="rated-help" class="muted"></small>
        </fieldset>
        <fieldset id="colour"><legend>Your colour</legend>
          <label><input type="radio" name="color" value="white"> White</label>
          <label><input type="radio" name="color" value="random" checked> Random</label>
          <label><input type="radio" name="color" value="black"> Black</label>
        </fieldset>
        <label>Challenge a player <input name="to" id="seek-to" autocomplete="off" placeholder="anybody" aria-describedby="to-help"></label>
        <small id="to-help" class="muted">Only that player may accept; leave it empty for anybody.</small>
        <label class="checkbox-line"><input type="checkbox" name="by-link" id="seek-by-link"> By link only (not listed in the lobby)</label>
        <button type="submit" class="primary" id="post-seek">Post seek</button>
        <p class="error" id="seek-error" role="alert"></p>
      </form>
      <div id="my-seeks" class="my-seeks" hidden>
        <h3>Your seeks</h3>
        <p class="muted">You go to the game when someone accepts. Send a seek’s link to whom you like.</p>
        <ul></ul>
      </div>
    </section>`;
}

class LobbyPage {
  private lists: LobbyLists = emptyLobby();
  private readonly socket: LobbySocket;
  private readonly titles = new Map<string, string>();
  private readonly error: HTMLElement;
  // This browser's seeks (with their tokens) and those of the account signed in.
  private kept = new Map<string, string>();

  constructor(
    private readonly root: HTMLElement,
    private readonly me: string | null,
    variants: Variant[],
    private readonly navigate: Navigate,
  ) {
    root.innerHTML = lobbyHtml();
    for (const v of variants) this.titles.set(v.name, v.title);
    this.error = this.$('#lobby-error');
    for (const s of loadSeeks()) this.kept.set(s.id, s.token);
    this.socket = new LobbySocket(
      (m) => this.receive(m),
      (online) => {
        this.$('#lobby-status').textContent = online ? (me ? `Signed in as ${me}.` : 'Playing without an account: casual seeks only.') : 'Reconnecting…';
        this.root.classList.toggle('offline', !online);
      },
    );
    void this.claimKept();
    this.wireForm(variants);
    this.wireLists();
  }

  private $<T extends HTMLElement>(sel: string): T {
    return this.root.querySelector<T>(sel)!;
  }

  leave(): void {
    this.socket.close();
  }

  // The seeks this browser posted: those withdrawn or expired are forgotten; the others are
  // claimed on the socket, which says at once if one was accepted meanwhile.
  private async claimKept(): Promise<void> {
    for (const [id, token] of this.kept) {
      try {
        await api.seek(id);
        this.socket.claim(id, token);
      } catch (e) {
        if ((e as ApiError).status !== 404) continue;
        forgetSeek(id);
        this.kept.delete(id);
      }
    }
    this.drawMySeeks();
  }

  private receive(message: LobbyMessage): void {
    if (message.type === 'accepted') {
      const token = this.kept.get(message.seek) ?? null;
      forgetSeek(message.seek);
      this.kept.delete(message.seek);
      this.navigate(/[?&]token=/.test(message.link) ? message.link : acceptedLink(message.game, token));
      return;
    }
    if (message.type === 'error') {
      this.error.textContent = message.error;
      return;
    }
    this.lists = applyLobbyMessage(this.lists, message);
    this.drawSeeks();
    this.drawLive();
    this.drawMySeeks();
  }

  private title(variant: string): string {
    return this.titles.get(variant) ?? variant;
  }

  private seekRow(seek: Seek): string {
    const keptIds = new Set(this.kept.keys());
    const own = isOwnSeek(seek, this.me, keptIds);
    const problem = acceptProblem(seek, this.me, keptIds);
    const toMe = !!seek.to && !!this.me && seek.to.toLowerCase() === this.me.toLowerCase();
    let action: string;
    const what = `${seek.by ?? 'Anonymous'}’s ${this.title(seek.variant)} ${timeWords(seek.clock)}`;
    if (own) action = `<button type="button" data-cancel="${escapeHtml(seek.id)}" aria-label="${escapeHtml(`Cancel your ${this.title(seek.variant)} ${timeWords(seek.clock)}`)}">Cancel</button>`;
    else if (problem && seek.rated && !this.me) action = `<a href="${escapeHtml(signInPath('/lobby'))}" data-route>Sign in to accept</a>`;
    else if (problem) action = `<span class="muted">${escapeHtml(problem)}</span>`;
    else action = `<button type="button" class="primary" data-accept="${escapeHtml(seek.id)}" aria-label="${escapeHtml(`Accept ${what}`)}">Accept</button>`;
    const player = playerLink(seek.by) + (seek.to ? ` <span class="to">→ ${toMe ? 'you' : escapeHtml(seek.to)}</span>` : '');
    const plays = own ? COLOUR_WORDS[seek.color] : COLOUR_WORDS[accepterColour(seek)];
    return (
      `<tr data-seek="${escapeHtml(seek.id)}" class="${own ? 'own' : ''}${toMe ? ' to-me' : ''}">` +
      `<td>${player}</td><td class="num">${seek.rating ?? '–'}</td>` +
      `<td>${escapeHtml(gameWords(this.title(seek.variant), seek.options, seek.setup))}</td>` +
      `<td>${escapeHtml(timeWords(seek.clock))}</td><td>${seek.rated ? 'Rated' : 'Casual'}</td>` +
      `<td><span class="side-dot ${seek.color === 'random' ? 'random' : own ? seek.color : accepterColour(seek)}" aria-hidden="true"></span> ${plays}</td>` +
      `<td>${action}</td></tr>`
    );
  }

  private drawSeeks(): void {
    this.$('#seeks tbody').innerHTML = this.lists.seeks.map((s) => this.seekRow(s)).join('');
    this.$('#no-seeks').hidden = this.lists.seeks.length > 0;
    this.root.dataset.seeks = String(this.lists.seeks.length);
  }

  private liveItem(game: LiveGame): string {
    return (
      `<li data-game="${escapeHtml(game.id)}"><a href="${escapeHtml(game.link)}" data-route>` +
      `${escapeHtml(game.white ?? 'Anonymous')} – ${escapeHtml(game.black ?? 'Anonymous')}</a> ` +
      `<span class="muted">${escapeHtml(gameWords(this.title(game.variant), game.options))} · ${escapeHtml(timeWords(game.clock))} · ${game.rated ? 'rated' : 'casual'}</span></li>`
    );
  }

  private drawLive(): void {
    this.$('#live-games').innerHTML = this.lists.games.length
      ? this.lists.games.map((g) => this.liveItem(g)).join('')
      : '<li class="muted">No games being played now.</li>';
  }

  // This browser's seeks, each with its link to send and its Cancel (also the unlisted ones and
  // the challenges, which the lobby's list does not show to everybody).
  private drawMySeeks(): void {
    const box = this.$('#my-seeks');
    const listed = new Map(this.lists.seeks.map((s) => [s.id, s]));
    const mine = [...this.kept.keys()];
    box.hidden = mine.length === 0;
    box.querySelector('ul')!.innerHTML = mine
      .map((id) => {
        const seek = listed.get(id);
        const url = `${window.location.origin}/seek/${encodeURIComponent(id)}`;
        const what = seek ? `${gameWords(this.title(seek.variant), seek.options, seek.setup)} · ${timeWords(seek.clock)}` : 'A seek by link';
        return (
          `<li data-my-seek="${escapeHtml(id)}"><span>${escapeHtml(what)}</span>` +
          `<label class="seek-link">Link <input readonly value="${escapeHtml(url)}"></label>` +
          `<a href="/seek/${encodeURIComponent(id)}" data-route>Open</a> <button type="button" data-cancel="${escapeHtml(id)}">Cancel</button></li>`
        );
      })
      .join('');
  }

  private readForm(form: HTMLFormElement, chooser: ReturnType<typeof createGameChooser>): SeekForm | string {
    const data = new FormData(form);
    const setup = chooser.setup();
    if (typeof setup === 'string') return setup;
    return {
      variant: chooser.current().name,
      options: chooser.options(),
      setup: setup.setup,
      time: data.get('time') === 'correspondence' ? 'correspondence' : 'clock',
      clock: String(data.get('clock') ?? ''),
      days: Number(data.get('days')),
      rated: data.get('rated') === 'rated',
      color: String(data.get('color')) as SeekColour,
      to: String(data.get('to') ?? ''),
      byLinkOnly: data.get('by-link') === 'on',
    };
  }

  private wireForm(variants: Variant[]): void {
    const form = this.$<HTMLFormElement>('#seek-form');
    const chooser = createGameChooser(form, variants, { balancedDraw: false });
    const asked = new URLSearchParams(window.location.search);
    chooser.prefill(asked);
    if (asked.get('to')) (form.elements.namedItem('to') as HTMLInputElement).value = asked.get('to')!;
    const rated = this.$<HTMLInputElement>('#seek-rated');
    rated.disabled = !this.me;
    this.$('#rated-help').innerHTML = this.me
      ? 'A rated game changes both players’ ratings in the game’s family.'
      : `<a href="${escapeHtml(signInPath('/lobby'))}" data-route>Sign in</a> to play rated games.`;
    const showTime = (): void => {
      const time = form.querySelector<HTMLInputElement>('input[name=time]:checked')?.value;
      for (const el of form.querySelectorAll<HTMLElement>('.time-extra')) el.hidden = el.dataset.for !== time;
    };
    form.addEventListener('change', showTime);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const error = this.$('#seek-error');
      error.textContent = '';
      const read = this.readForm(form, chooser);
      const request = typeof read === 'string' ? read : seekRequest(read, this.me);
      if (typeof request === 'string') {
        error.textContent = request;
        return;
      }
      const button = this.$<HTMLButtonElement>('#post-seek');
      button.disabled = true;
      api
        .postSeek(request)
        .then((posted) => {
          saveSeek({ id: posted.id, token: posted.token, variant: request.variant, saved: Date.now() });
          this.kept.set(posted.id, posted.token);
          this.socket.claim(posted.id, posted.token);
          this.drawSeeks();
          this.drawMySeeks();
        })
        .catch((err: Error) => {
          error.textContent = err.message;
        })
        .finally(() => {
          button.disabled = false;
        });
    });
  }

  private wireLists(): void {
    this.root.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      const accept = target.closest<HTMLElement>('[data-accept]')?.dataset.accept;
      const cancel = target.closest<HTMLElement>('[data-cancel]')?.dataset.cancel;
      if (accept) void this.accept(accept, target.closest('button')!);
      if (cancel) void this.cancel(cancel);
    });
  }

  private async accept(id: string, button: HTMLButtonElement): Promise<void> {
    this.error.textContent = '';
    button.disabled = true;
    try {
      const accepted = await api.acceptSeek(id);
      this.navigate(accepted.link);
    } catch (e) {
      button.disabled = false;
      this.error.textContent = (e as Error).message;
    }
  }

  private async cancel(id: string): Promise<void> {
    this.error.textContent = '';
    try {
      await api.withdrawSeek(id, this.kept.get(id) ?? null);
    } catch (e) {
      // Gone already (404) is what was asked; anything else is said.
      if ((e as ApiError).status !== 404) {
        this.error.textContent = (e as Error).message;
        return;
      }
    }
    forgetSeek(id);
    this.kept.delete(id);
    this.lists = applyLobbyMessage(this.lists, { type: 'seek_gone', id });
    this.drawSeeks();
    this.drawMySeeks();
  }
}

export async function renderLobby(root: HTMLElement, navigate: Navigate): Promise<() => void> {
  const [variants, me] = await Promise.all([variantsOrError(root), signedIn()]);
  if (!variants) return () => {};
  const page = new LobbyPage(root, me, variants, navigate);
  return () => page.leave();
}
