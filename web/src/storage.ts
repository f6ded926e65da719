// The games this browser made or joined, with their seat tokens, kept in localStorage so that a
// game can be resumed after a reload or a server restart.

import type { CreatedGame } from './types';

export interface StoredGame {
  id: string;
  variant: string;
  mode: string;
  seat: string; // the seat this browser plays (white, black, both) or spectator
  token: string | null;
  links?: CreatedGame['links'];
  saved: number; // ms since the epoch
}

const KEY = 'menagerie.games';

export function loadGames(storage: Storage = localStorage): StoredGame[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]') as StoredGame[];
    return Array.isArray(list) ? list.filter((g) => typeof g?.id === 'string') : [];
  } catch {
    return [];
  }
}

export function saveGame(game: StoredGame, storage: Storage = localStorage): void {
  const list = loadGames(storage).filter((g) => !(g.id === game.id && g.seat === game.seat));
  list.unshift(game);
  storage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
}

/** The token this browser holds for a game (the first seat saved), or null. */
export function tokenFor(id: string, storage: Storage = localStorage): string | null {
  return loadGames(storage).find((g) => g.id === id && g.token)?.token ?? null;
}

/** A seek this browser posted: its token withdraws it, claims it on the lobby's socket, and is the seeker's seat token in its game. */
export interface StoredSeek {
  id: string;
  token: string;
  variant: string;
  saved: number; // ms since the epoch
}

const SEEKS_KEY = 'menagerie.seeks';
// A seek lasts a day on the server (and its acceptance is told for a day more).
const SEEK_KEPT_MS = 2 * 24 * 3600 * 1000;

export function loadSeeks(storage: Storage = localStorage, now = Date.now()): StoredSeek[] {
  try {
    const list = JSON.parse(storage.getItem(SEEKS_KEY) ?? '[]') as StoredSeek[];
    return Array.isArray(list)
      ? list.filter((s) => typeof s?.id === 'string' && typeof s.token === 'string' && now - s.saved < SEEK_KEPT_MS)
      : [];
  } catch {
    return [];
  }
}

export function saveSeek(seek: StoredSeek, storage: Storage = localStorage): void {
  const list = loadSeeks(storage).filter((s) => s.id !== seek.id);
  list.unshift(seek);
  storage.setItem(SEEKS_KEY, JSON.stringify(list.slice(0, 50)));
}

export function forgetSeek(id: string, storage: Storage = localStorage): void {
  storage.setItem(SEEKS_KEY, JSON.stringify(loadSeeks(storage).filter((s) => s.id !== id)));
}
