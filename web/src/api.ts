// The server's HTTP API (docs/web-api.md), typed. Every error answer carries {"error": text};
// it is thrown as an ApiError with that text, so the page can show it as it is.

import type {
  AcceptedSeek,
  Analysis,
  Atlas,
  CreatedGame,
  GameState,
  GameSummary,
  Geometry,
  MyGame,
  Player,
  PostedSeek,
  Roll,
  Seek,
  SeekColour,
  SeekStatus,
  TimeControl,
  Variant,
} from './types';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds to wait before asking again (a 429's or 503's Retry-After), where the server said. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

// Every request with a body says it is JSON: the server refuses a change that carries the session
// cookie without that type (docs/web-api.md, "Sessions and cross-site requests").
async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: init?.body ? { 'Content-Type': 'application/json' } : undefined,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const body = JSON.parse(text) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      if (text) message = text;
    }
    const retry = Number(response.headers.get('Retry-After') ?? NaN);
    throw new ApiError(message, response.status, Number.isFinite(retry) ? retry : null);
  }
  const type = response.headers.get('Content-Type') ?? '';
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

function post<T>(path: string, body: unknown): Promise<T> {
  return call<T>(path, { method: 'POST', body: JSON.stringify(body) });
}

function send<T>(method: 'PUT' | 'DELETE', path: string, body: unknown): Promise<T> {
  return call<T>(path, { method, body: JSON.stringify(body) });
}

// A seat's request: its token where this page has one; without one, the session's account acts
// for the seat it holds (a game made in the lobby).
const seat = (token: string | null, rest: Record<string, unknown> = {}): Record<string, unknown> =>
  token ? { token, ...rest } : rest;

const gamePath = (id: string, what = ''): string => `/api/games/${encodeURIComponent(id)}${what}`;

/** Query string for a variant and its options (`opt.NAME=VALUE`). */
export function variantQuery(variant: string, options: Record<string, string> = {}): string {
  const q = new URLSearchParams({ variant });
  for (const [k, v] of Object.entries(options)) q.set(`opt.${k}`, v);
  return q.toString();
}

export interface NewGame {
  variant: string;
  options: Record<string, string>;
  setup?: string;
  fen?: string;
  pgn?: string;
  mode: 'engine' | 'local' | 'online' | 'analysis';
  engine?: { color: 'white' | 'black'; level: number };
  clock?: { initial_ms: number; increment_ms: number };
  /** A drawn setup only among those the atlas scores within this many centipawns. */
  balance?: number;
}

/** A seek as posted (`POST /api/seeks`). */
export interface NewSeek {
  variant: string;
  options: Record<string, string>;
  setup?: string;
  clock: TimeControl;
  rated: boolean;
  color: SeekColour;
  to?: string;
  listed: boolean;
}

export const api = {
  variants: () => call<Variant[]>('/api/variants'),
  setups: (variant: string, options: Record<string, string>) =>
    call<{ id: string; fen: string }[]>(`/api/setups?${variantQuery(variant, options)}`),
  board: (variant: string, options: Record<string, string>) =>
    call<Geometry>(`/api/board?${variantQuery(variant, options)}`),
  pieceMoves: (variant: string, options: Record<string, string>, token: string, cell: string) =>
    call<{ quiet: string[]; capture: string[] }>(
      `/api/piece-moves?${variantQuery(variant, options)}&token=${encodeURIComponent(token)}&cell=${encodeURIComponent(cell)}`,
    ),
  roll: (variant: string, options: Record<string, string>, seed?: number) =>
    call<Roll>(`/api/roll?${variantQuery(variant, options)}${seed !== undefined ? `&seed=${seed}` : ''}`),
  /** The roll that made a game's setup (its dice and substitutions). */
  rollOf: (variant: string, options: Record<string, string>, setup: string) =>
    call<Roll>(`/api/roll?${variantQuery(variant, options)}&setup=${encodeURIComponent(setup)}`),
  /** The setup atlas of a game (404 for a game without one). */
  atlas: (variant: string) => call<Atlas>(`/api/atlas/${encodeURIComponent(variant)}`),
  /** One setup's row in the atlas: that of the start the options build (`rows` empty if none). */
  atlasSetup: (variant: string, options: Record<string, string>, setup: string) => {
    const q = new URLSearchParams({ setup });
    for (const [k, v] of Object.entries(options)) q.set(`opt.${k}`, v);
    return call<Atlas & { setup: string; fen: string }>(`/api/atlas/${encodeURIComponent(variant)}?${q.toString()}`);
  },
  createGame: (game: NewGame) => post<CreatedGame>('/api/games', game),
  games: () => call<GameSummary[]>('/api/games'),
  game: (id: string, token?: string) =>
    call<GameState>(gamePath(id, token ? `?token=${encodeURIComponent(token)}` : '')),
  move: (id: string, token: string | null, move: string, ply: number) =>
    post<GameState>(gamePath(id, '/move'), seat(token, { move, ply })),
  resign: (id: string, token: string | null) => post<GameState>(gamePath(id, '/resign'), seat(token)),
  takeback: (id: string, token: string | null) => post<GameState>(gamePath(id, '/takeback'), seat(token)),
  draw: (id: string, token: string | null, action: 'offer' | 'accept' | 'decline') =>
    post<GameState>(gamePath(id, '/draw'), seat(token, { action })),
  /** A seat's private note on a game (`""` removes it). */
  note: (id: string, token: string | null, text: string) =>
    send<{ note: string }>('PUT', gamePath(id, '/note'), seat(token, { text })),
  /** A seat's contribution to a refereed game's randomness; `color` for the `both` seat. */
  contribute: (id: string, token: string | null, text: string, color?: 'white' | 'black') =>
    post<GameState>(gamePath(id, '/contribution'), seat(token, { text, ...(color ? { color } : {}) })),
  pgn: (id: string) => call<string>(gamePath(id, '/pgn')),
  analyse: (body: {
    variant: string;
    options: Record<string, string>;
    fen?: string;
    moves: string[];
    depth?: number;
    movetime_ms?: number;
    /** A newer analysis of the same session stops this one (it answers 409). */
    session?: string;
  }) => post<Analysis>('/api/analyse', body),

  // Accounts and sessions: each answers the account's name as it is spelt (null: signed out).
  signUp: (name: string, password: string) => post<{ name: string }>('/api/accounts', { name, password }),
  signIn: (name: string, password: string) => post<{ name: string }>('/api/session', { name, password }),
  signOut: () => send<{ name: null }>('DELETE', '/api/session', {}),
  session: () => call<{ name: string | null }>('/api/session'),
  /** Every other session of the account ends; this browser gets a new one. */
  changePassword: (password: string, newPassword: string) =>
    send<{ name: string }>('PUT', '/api/account/password', { password, new_password: newPassword }),
  closeAccount: (password: string) => send<{ name: null }>('DELETE', '/api/account', { password }),

  // The lobby.
  seeks: () => call<Seek[]>('/api/seeks'),
  postSeek: (seek: NewSeek) => post<PostedSeek>('/api/seeks', seek),
  seek: (id: string) => call<SeekStatus>(`/api/seeks/${encodeURIComponent(id)}`),
  acceptSeek: (id: string) => post<AcceptedSeek>(`/api/seeks/${encodeURIComponent(id)}/accept`, {}),
  withdrawSeek: (id: string, token: string | null) =>
    send<{ id: string; status: 'withdrawn' }>('DELETE', `/api/seeks/${encodeURIComponent(id)}`, token ? { token } : {}),

  player: (name: string) => call<Player>(`/api/players/${encodeURIComponent(name)}`),
  myGames: () => call<MyGame[]>('/api/me/games'),
};

const atlases = new Map<string, Promise<Atlas>>();

/** A game's atlas, asked of the server once per page load (after a failure, asked again). */
export function cachedAtlas(variant: string): Promise<Atlas> {
  let found = atlases.get(variant);
  if (!found) {
    found = api.atlas(variant);
    atlases.set(variant, found);
    found.catch(() => atlases.delete(variant));
  }
  return found;
}

// The games, for a page that cannot show anything without them: null once `root` says why the
// server did not list them.
export async function variantsOrError(root: HTMLElement): Promise<Variant[] | null> {
  try {
    return await api.variants();
  } catch (e) {
    const error = document.createElement('p');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.textContent = (e as Error).message;
    root.replaceChildren(error);
    return null;
  }
}

/** Each game's title by its name; empty when the server did not list its games (their names are shown then). */
export async function variantTitles(): Promise<Map<string, string>> {
  try {
    return new Map((await api.variants()).map((v) => [v.name, v.title]));
  } catch {
    return new Map();
  }
}

/** A random name for one page's analyses (hex; plain HTTP pages lack crypto.randomUUID). */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The WebSocket address of a game for a token, on the page's own host. */
export function socketUrl(id: string, token: string | null, location: Location = window.location): string {
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${socketOrigin(location)}/api/games/${encodeURIComponent(id)}/ws${q}`;
}

/** The lobby's WebSocket address, on the page's own host. */
export function lobbySocketUrl(location: Location = window.location): string {
  return `${socketOrigin(location)}/api/lobby/ws`;
}

function socketOrigin(location: Location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;
}
