// The lobby's data, apart from its page: the lists of open seeks and live games kept up to date by
// the socket's messages, the seek form read into a request (with the server's own limits, so that
// a mistake is named before anything is sent), and which seeks are this player's.

import type { NewSeek } from './api';
import { optionsInWords } from './option-labels';
import { nameProblem, speedOf, timeControlText } from './players';
import type { Colour, LiveGame, LobbyMessage, Seek, SeekColour } from './types';

export interface LobbyLists {
  seeks: Seek[]; // newest first
  games: LiveGame[]; // latest started first
}

export function emptyLobby(): LobbyLists {
  return { seeks: [], games: [] };
}

const newestSeeksFirst = (a: Seek, b: Seek): number => b.created - a.created || a.id.localeCompare(b.id);
const latestGamesFirst = (a: LiveGame, b: LiveGame): number => b.started - a.started || a.id.localeCompare(b.id);

/** The lists after one message of the lobby's socket (a new object; messages of other types change nothing). */
export function applyLobbyMessage(lists: LobbyLists, message: LobbyMessage): LobbyLists {
  switch (message.type) {
    case 'lobby':
      return { seeks: [...message.seeks].sort(newestSeeksFirst), games: [...message.games].sort(latestGamesFirst) };
    case 'seek':
      return { ...lists, seeks: [...lists.seeks.filter((s) => s.id !== message.seek.id), message.seek].sort(newestSeeksFirst) };
    case 'seek_gone':
      return { ...lists, seeks: lists.seeks.filter((s) => s.id !== message.id) };
    case 'game':
      return { ...lists, games: [...lists.games.filter((g) => g.id !== message.game.id), message.game].sort(latestGamesFirst) };
    case 'game_gone':
      return { ...lists, games: lists.games.filter((g) => g.id !== message.id) };
    default:
      return lists;
  }
}

/** A message of the socket, or null for text that is not one. */
export function readLobbyMessage(text: string): LobbyMessage | null {
  try {
    const message = JSON.parse(text) as LobbyMessage;
    return message && typeof message === 'object' && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}

// The server's limits of a clock (POST /api/seeks).
const MAX_BASE_MS = 24 * 3600 * 1000;
const MAX_INCREMENT_S = 3600;

/** The days per move a correspondence seek may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;

/** The clocks offered in the form's list (any other `base+increment` may be typed). */
export const CLOCK_PRESETS = ['1+0', '2+1', '3+0', '3+2', '5+0', '5+3', '10+0', '10+5', '15+10', '30+0', '30+20'] as const;

/**
 * A clock typed as `base+increment` (minutes + seconds a move; `½+0`, `0.5+0`, `90+30`, spaces
 * allowed), or what is wrong with it.
 */
export function parseClock(text: string): { base_ms: number; increment_ms: number } | string {
  const m = /^\s*(\d+(?:\.\d+)?|¼|½|¾)\s*\+\s*(\d+)\s*$/.exec(text);
  if (!m) return 'Write the clock as minutes+seconds a move, such as 5+3.';
  const minutes = ({ '¼': 0.25, '½': 0.5, '¾': 0.75 } as Record<string, number>)[m[1]] ?? Number(m[1]);
  const base = Math.round(minutes * 60_000);
  const increment = Number(m[2]);
  if (base < 1000) return 'The clock needs at least a second to start with.';
  if (base > MAX_BASE_MS) return 'The clock starts with at most 24 hours (1440 minutes).';
  if (increment > MAX_INCREMENT_S) return 'The increment is at most 3600 seconds a move.';
  return { base_ms: base, increment_ms: increment * 1000 };
}

/** The seek form as read from its fields. */
export interface SeekForm {
  variant: string;
  options: Record<string, string>;
  setup?: string;
  time: 'clock' | 'correspondence';
  clock: string; // `base+increment`
  days: number;
  rated: boolean;
  color: SeekColour;
  to: string; // empty: anybody
  byLinkOnly: boolean;
}

/** The request the form asks for, or what is wrong with it (`me`: the signed-in account, or null). */
export function seekRequest(form: SeekForm, me: string | null): NewSeek | string {
  let clock: NewSeek['clock'];
  if (form.time === 'correspondence') {
    if (!(CORRESPONDENCE_DAYS as readonly number[]).includes(form.days)) return `Days per move are ${CORRESPONDENCE_DAYS.join(', ')}.`;
    clock = { days: form.days };
  } else {
    const parsed = parseClock(form.clock);
    if (typeof parsed === 'string') return parsed;
    clock = parsed;
  }
  if (form.rated && !me) return 'Sign in to post a rated seek (or make it casual).';
  const to = form.to.trim();
  if (to) {
    if (nameProblem(to)) return `“${to}” is not a player’s name: ${nameProblem(to)}`;
    if (me && to.toLowerCase() === me.toLowerCase()) return 'A challenge is to somebody else.';
  }
  const request: NewSeek = { variant: form.variant, options: form.options, clock, rated: form.rated, color: form.color, listed: !form.byLinkOnly };
  if (form.setup) request.setup = form.setup;
  if (to) request.to = to;
  return request;
}

/** Whether a seek is this player's own: posted by the account signed in, or by this browser (its token kept). */
export function isOwnSeek(seek: Pick<Seek, 'id' | 'by'>, me: string | null, kept: ReadonlySet<string>): boolean {
  return kept.has(seek.id) || (!!me && !!seek.by && seek.by.toLowerCase() === me.toLowerCase());
}

/** The colour the accepter of a seek plays: the other than the seeker's, or either. */
export function accepterColour(seek: Pick<Seek, 'color'>): Colour | 'random' {
  return seek.color === 'white' ? 'black' : seek.color === 'black' ? 'white' : 'random';
}

/** Whether this player may accept a seek, or why not (its own; a challenge to another; rated while signed out). */
export function acceptProblem(seek: Pick<Seek, 'id' | 'by' | 'to' | 'rated'>, me: string | null, kept: ReadonlySet<string>): string | null {
  if (isOwnSeek(seek, me, kept)) return 'This is your own seek.';
  if (seek.to && (!me || seek.to.toLowerCase() !== me.toLowerCase())) return `This challenge is for ${seek.to}.`;
  if (seek.rated && !me) return 'Sign in to accept a rated seek.';
  return null;
}

/** A seek's or live game's game in words: `Chess 2016 · setup W1-2-3.G4.R5 · Curtailed castling: On`. */
export function gameWords(title: string, options: Record<string, string>, setup: string | null = null): string {
  return [title, setup ? `setup ${setup}` : '', ...optionsInWords(options)].filter(Boolean).join(' · ');
}

/** A time control with its speed: `5+3 blitz`, `3 days per move`. */
export function timeWords(clock: Seek['clock']): string {
  const speed = speedOf(clock);
  return speed === 'correspondence' ? timeControlText(clock) : `${timeControlText(clock)} ${speed}`;
}
