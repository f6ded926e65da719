// A challenge's own page (the address `seek/ID` under the app's root, the link a seeker sends):
// what it is, with Accept; for its seeker, its link and Cancel, and the way into the game when it
// is accepted (told by the lobby's socket); a challenge accepted already leads to its game, and
// one withdrawn or expired says so.

import { acceptedLink, playerLink, signedIn, signInPath } from './account';
import { api, type ApiError, variantsOrError } from './api';
import { escapeHtml } from './board';
import { acceptProblem, accepterColour, gameWords, isOwnSeek, timeWords } from './lobby-model';
import { LobbySocket } from './lobby-socket';
import { forgetSeek, loadSeeks } from './storage';
import type { LobbyMessage, Seek, SeekStatus, Variant } from './types';

type Navigate = (path: string) => void;

const COLOUR = { white: 'White', black: 'Black', random: 'a colour drawn at random' } as const;

class SeekPage {
  private readonly socket: LobbySocket;
  private readonly token: string | null;
  private gone = false; // on the way to the game (the socket and the page's reading may both say so)

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
    private readonly me: string | null,
    private readonly variants: Variant[],
    private readonly navigate: Navigate,
  ) {
    this.token = loadSeeks().find((s) => s.id === id)?.token ?? null;
    root.innerHTML = `
      <section class="panel seek-page" aria-labelledby="seek-title">
        <h1 id="seek-title">Challenge</h1>
        <div id="seek-body" aria-live="polite">Loading…</div>
        <p class="error" id="seek-error" role="alert"></p>
        <p><a href="/lobby" data-route>To the lobby</a></p>
      </section>`;
    this.socket = new LobbySocket((m) => this.receive(m));
    if (this.token) this.socket.claim(id, this.token);
    root.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      if (target.closest('#accept-seek')) void this.accept(target.closest('button')!);
      if (target.closest('#cancel-seek')) void this.cancel();
    });
  }

  leave(): void {
    this.socket.close();
  }

  private go(path: string): void {
    if (this.gone) return;
    this.gone = true;
    forgetSeek(this.id);
    this.navigate(path);
  }

  private $<T extends HTMLElement>(sel: string): T {
    return this.root.querySelector<T>(sel)!;
  }

  private receive(message: LobbyMessage): void {
    if (message.type === 'accepted' && message.seek === this.id) {
      this.go(/[?&]token=/.test(message.link) ? message.link : acceptedLink(message.game, this.token));
    } else if (message.type === 'seek_gone' && message.id === this.id) {
      void this.load();
    }
  }

  async load(): Promise<void> {
    let status: SeekStatus;
    try {
      status = await api.seek(this.id);
    } catch (e) {
      if ((e as ApiError).status !== 404) {
        this.$('#seek-body').textContent = (e as Error).message;
        return;
      }
      forgetSeek(this.id);
      this.root.dataset.seekStatus = 'gone';
      this.$('#seek-body').innerHTML =
        '<p>This challenge is gone: its seeker withdrew it, or it expired (a seek lasts a day).</p>' +
        '<p>Find another in the lobby, or post your own.</p>';
      return;
    }
    this.root.dataset.seekStatus = status.status;
    if (status.status === 'accepted') {
      if (this.token) {
        // This browser's seek: its token is this seat's.
        this.go(acceptedLink(status.game, this.token));
        return;
      }
      this.$('#seek-body').innerHTML =
        `<p>This challenge was accepted: its game is on.</p><p><a href="${escapeHtml(status.link)}" data-route id="watch-game">Watch the game</a></p>`;
      return;
    }
    this.draw(status);
  }

  private draw(seek: Seek): void {
    const kept = new Set(this.token ? [this.id] : []);
    const own = isOwnSeek(seek, this.me, kept);
    const title = this.variants.find((v) => v.name === seek.variant)?.title ?? seek.variant;
    const plays = own ? seek.color : accepterColour(seek);
    const facts =
      `<dl class="seek-facts">` +
      `<dt>From</dt><dd>${playerLink(seek.by)}${seek.rating !== null ? ` <span class="rating">(${seek.rating})</span>` : ''}</dd>` +
      (seek.to ? `<dt>To</dt><dd>${playerLink(seek.to)}</dd>` : '') +
      `<dt>Game</dt><dd>${escapeHtml(gameWords(title, seek.options, seek.setup))}</dd>` +
      `<dt>Time</dt><dd>${escapeHtml(timeWords(seek.clock))}</dd>` +
      `<dt>Rating</dt><dd>${seek.rated ? 'Rated' : 'Casual'}</dd>` +
      `<dt>${own ? 'You play' : 'You would play'}</dt><dd>${COLOUR[plays]}</dd>` +
      `</dl>`;
    let action: string;
    if (own) {
      const url = `${window.location.origin}/seek/${encodeURIComponent(this.id)}`;
      action =
        `<p>Your challenge. Send its link; you go to the game when it is accepted.</p>` +
        `<label class="seek-link">Link <input readonly value="${escapeHtml(url)}" id="seek-url"></label>` +
        `<div class="row"><button type="button" id="cancel-seek">Cancel the challenge</button></div>`;
    } else {
      const problem = acceptProblem(seek, this.me, kept);
      action = !problem
        ? '<div class="row"><button type="button" class="primary" id="accept-seek">Accept</button></div>'
        : !this.me && (seek.rated || seek.to)
          ? `<p>${escapeHtml(problem)} <a href="${escapeHtml(signInPath())}" data-route>Sign in</a></p>`
          : `<p>${escapeHtml(problem)}</p>`;
    }
    this.$('#seek-title').textContent = seek.to ? `Challenge to ${seek.to}` : 'Challenge';
    this.$('#seek-body').innerHTML = facts + action;
  }

  private async accept(button: HTMLButtonElement): Promise<void> {
    this.$('#seek-error').textContent = '';
    button.disabled = true;
    try {
      this.go((await api.acceptSeek(this.id)).link);
    } catch (e) {
      this.$('#seek-error').textContent = (e as Error).message;
      await this.load(); // taken meanwhile: the page shows its game
    }
  }

  private async cancel(): Promise<void> {
    try {
      await api.withdrawSeek(this.id, this.token);
    } catch (e) {
      this.$('#seek-error').textContent = (e as Error).message;
    }
    await this.load();
  }
}

export async function renderSeek(root: HTMLElement, id: string, navigate: Navigate): Promise<() => void> {
  const [variants, me] = await Promise.all([variantsOrError(root), signedIn()]);
  if (!variants) return () => {};
  const page = new SeekPage(root, id, me, variants, navigate);
  await page.load();
  return () => page.leave();
}
