// Who is signed in, for every page, and the header's account area: the player's name (to their
// page), their games with the count of those where it is their move, and Sign out; or Sign in and
// Sign up. Below it, the header's notices: a seek of this browser's accepted while it was
// elsewhere, and the challenges to the player signed in.

import { api, type ApiError } from './api';
import { escapeHtml } from './board';
import { timeWords } from './lobby-model';
import { forgetSeek, loadSeeks, saveGame } from './storage';

type Listener = (name: string | null) => void;

let current: string | null = null;
let known: Promise<string | null> | null = null;
const listeners = new Set<Listener>();

/** The signed-in account's name, or null (asked of the server once, then kept). */
export function signedIn(): Promise<string | null> {
  if (!known) {
    known = api.session().then(
      (s) => (current = s.name),
      () => (current = null), // the server is away: shown signed out until the next page
    );
  }
  return known;
}

/** Sets who is signed in after signing in, up or out, and tells the header and the pages. */
export function setSignedIn(name: string | null): void {
  current = name;
  known = Promise.resolve(name);
  for (const listener of listeners) listener(name);
}

export function onAccountChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The address of a player's page. */
export function playerPath(name: string): string {
  return `/player/${encodeURIComponent(name)}`;
}

/** A player's name linking to their page (or `Anonymous` for a seat without an account). */
export function playerLink(name: string | null): string {
  return name ? `<a href="${playerPath(name)}" data-route class="player-name">${escapeHtml(name)}</a>` : '<span class="muted">Anonymous</span>';
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string = window.location.pathname + window.location.search): string {
  return `/signin?next=${encodeURIComponent(path)}`;
}

const badge = (count: number): string =>
  count ? ` <span class="badge" title="games where it is your move"><span class="sr-only">(your move in </span>${count}<span class="sr-only">)</span></span>` : '';

/**
 * The header's account area in `box` (drawn again whenever who is signed in changes), and its
 * `notice` line; `refresh` asks again for the count of your move and for news of this browser's
 * seeks (on every page but the lobby's, which follows them itself and goes to the game).
 */
export class AccountArea {
  private yourMove = 0;
  private accepted = ''; // news of this browser's seeks accepted
  private challenges = ''; // challenges to the account signed in


  constructor(
    private readonly box: HTMLElement,
    private readonly notice: HTMLElement,
    navigate: (path: string) => void,
  ) {
    box.addEventListener('click', (e) => {
      if (!(e.target as HTMLElement).closest('#sign-out')) return;
      api.signOut().then(
        () => {
          setSignedIn(null);
          navigate('/');
        },
        (err: Error) => {
          notice.textContent = `Not signed out: ${err.message}`;
        },
      );
    });
    onAccountChange((name) => {
      this.yourMove = 0;
      this.draw(name);
      void this.count();
    });
    // Moves and challenges come while a page is open: asked again every half minute.
    window.setInterval(() => void this.count(), 30_000);
  }

  private drawNotice(): void {
    this.notice.innerHTML = [this.accepted, this.challenges].filter(Boolean).join(' ');
  }

  private draw(name: string | null): void {
    this.box.innerHTML = name
      ? playerLink(name) +
        `<a href="/your-games" data-route id="your-games-link">Your games${badge(this.yourMove)}</a>` +
        '<button type="button" id="sign-out" class="link-button">Sign out</button>'
      : `<a href="${escapeHtml(signInPath())}" data-route id="sign-in-link">Sign in</a><a href="/signup" data-route id="sign-up-link">Sign up</a>`;
    this.box.dataset.account = name ?? '';
  }

  /** Draws the area again with the count of the games where it is your move, and the challenges to you. */
  async count(): Promise<void> {
    const name = await signedIn();
    let challenges = '';
    if (name) {
      try {
        const [games, seeks] = await Promise.all([api.myGames(), api.seeks()]);
        this.yourMove = games.filter((g) => g.your_move).length;
        challenges = seeks
          .filter((s) => s.to?.toLowerCase() === name.toLowerCase())
          .map((s) => `<a href="/seek/${encodeURIComponent(s.id)}" data-route data-challenge="${escapeHtml(s.id)}">${escapeHtml(s.by ?? 'Somebody')} challenges you (${escapeHtml(timeWords(s.clock))})</a>`)
          .join(' ');
      } catch {
        return; // kept as it was until the next time
      }
    }
    if (name !== current) return;
    this.draw(name);
    this.challenges = challenges;
    this.drawNotice();
  }

  /** On each page: the count again, and (but on the lobby's and a seek's page, which follow their seeks and go to the game) news of this browser's seeks accepted meanwhile. */
  async refresh(followsSeeks: boolean): Promise<void> {
    void this.count();
    this.accepted = '';
    this.drawNotice();
    if (followsSeeks) return;
    const news: string[] = [];
    for (const seek of loadSeeks()) {
      try {
        const status = await api.seek(seek.id);
        if (status.status !== 'accepted') continue;
        // Kept with the games of this browser (the start page lists them) before the seek is forgotten.
        const { seat } = await api.game(status.game, seek.token);
        saveGame({ id: status.game, variant: seek.variant, mode: 'online', seat, token: seek.token, saved: Date.now() });
        forgetSeek(seek.id);
        news.push(`<a href="${escapeHtml(acceptedLink(status.game, seek.token))}" data-route>Your seek was accepted: play</a>`);
      } catch (e) {
        if ((e as ApiError).status === 404) forgetSeek(seek.id); // withdrawn or expired
      }
    }
    this.accepted = news.join(' ');
    this.drawNotice();
  }
}

/** The seeker's way into the game a seek became: the seek's token is its seat's token. */
export function acceptedLink(game: string, token: string | null): string {
  return `/game/${encodeURIComponent(game)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
