// Players in words: ratings with their deviation, the rating families, times (a clock, days per
// move, a deadline and the time left to it), a result from one player's side, and the checks of
// the account forms (the server's own rules, so that a mistyped name is caught before a request).

import type { Colour, Rating, TimeControl } from './types';

/** The families of games that share a rating (docs/web-api.md, "Players and ratings"). */
const FAMILIES: Record<string, string> = {
  chess: 'Chess',
  placement: 'Placement Chess',
  contemporary: 'Contemporary Random Chess',
  dice: 'Chess 56 / 2016',
  chess66: 'Chess 66',
  blackswan: 'Black Swan',
};

export function familyTitle(family: string): string {
  return FAMILIES[family] ?? family;
}

/** Over this deviation a rating is provisional (marked `?`), as on other playing sites. */
export const PROVISIONAL_DEVIATION = 110;

/** A rating beside a name: whole, with `?` while provisional (when the deviation is known). */
export function ratingText(rating: number, deviation?: number): string {
  return `${Math.round(rating)}${deviation !== undefined && deviation > PROVISIONAL_DEVIATION ? '?' : ''}`;
}

/** A rating with its deviation, as a player page shows it: `1662 ± 290`. */
export function ratingWithDeviation(r: Pick<Rating, 'rating' | 'deviation'>): string {
  return `${Math.round(r.rating)} ± ${Math.round(r.deviation)}`;
}

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };

/** Minutes as a clock's base is written: `5`, `½`, `1.5`. */
function minutesText(ms: number): string {
  const minutes = ms / 60_000;
  if (FRACTIONS[minutes]) return FRACTIONS[minutes];
  return String(Math.round(minutes * 100) / 100);
}

/** A time control: `5+3` (minutes + seconds a move), or `3 days per move`. */
export function timeControlText(tc: TimeControl): string {
  if ('days' in tc) return `${tc.days} ${tc.days === 1 ? 'day' : 'days'} per move`;
  return `${minutesText(tc.base_ms)}+${Math.round(tc.increment_ms / 1000)}`;
}

export type Speed = 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence';

/** The speed of a time control, by the estimated length of a game of 40 moves each. */
export function speedOf(tc: TimeControl): Speed {
  if ('days' in tc) return 'correspondence';
  const seconds = (tc.base_ms + 40 * tc.increment_ms) / 1000;
  return seconds < 180 ? 'bullet' : seconds < 480 ? 'blitz' : seconds < 1500 ? 'rapid' : 'classical';
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A span of time in two units at most: `2 days 3 h`, `5 h 10 min`, `12 min`, `40 s`. */
export function durationText(ms: number): string {
  if (ms < 1000) return 'no time';
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day');
  if (hours > 0) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${s} s`;
}

/** A moment in the reader's own time zone and language: `Tue 3 Mar, 14:05`. */
export function momentText(ms: number, locale?: string, timeZone?: string): string {
  return new Date(ms).toLocaleString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

/** A correspondence deadline: `move by Tue 3 Mar, 14:05 (2 days 3 h left)`, or that time is up. */
export function deadlineText(deadline: number, now: number, moment: (ms: number) => string = momentText): string {
  const left = deadline - now;
  return `move by ${moment(deadline)} (${left >= 1000 ? `${durationText(left)} left` : 'time is up'})`;
}

/** Whether a deadline is near enough to warn of it: under a fifth of the time a move away, and at most a day. */
export function deadlineIsNear(deadline: number, now: number, daysPerMove: number): boolean {
  return deadline - now < Math.min(86_400_000, (daysPerMove * 86_400_000) / 5);
}

/** A game's result from one side's view. */
export function resultFor(result: string, colour: Colour): 'won' | 'lost' | 'drawn' | 'playing' {
  if (result === '1/2-1/2') return 'drawn';
  if (result === '1-0') return colour === 'white' ? 'won' : 'lost';
  if (result === '0-1') return colour === 'black' ? 'won' : 'lost';
  return 'playing';
}

/** What is wrong with an account's name, or null: 3 to 20 of `A-Z a-z 0-9 _ -`. */
export function nameProblem(name: string): string | null {
  return /^[A-Za-z0-9_-]{3,20}$/.test(name) ? null : 'A name is 3 to 20 letters (a-z, A-Z), digits, _ or -.';
}

/** What is wrong with a new password, or null: 8 to 128 bytes (UTF-8). */
export function passwordProblem(password: string): string | null {
  const bytes = new TextEncoder().encode(password).length;
  return bytes >= 8 && bytes <= 128 ? null : 'A password is 8 to 128 characters long.';
}

/** When to try again after a refusal with Retry-After: `try again in 15 min (at 14:32)`. */
export function retryText(seconds: number, now: number, locale?: string, timeZone?: string): string {
  const at = new Date(now + seconds * 1000).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  return seconds < 60 ? `try again in ${plural(Math.max(1, Math.ceil(seconds)), 'second')}` : `try again in ${durationText(Math.ceil(seconds / 60) * 60_000)} (at ${at})`;
}
