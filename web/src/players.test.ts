import { describe, expect, it } from 'vitest';
import {
  deadlineIsNear,
  deadlineText,
  durationText,
  familyTitle,
  momentText,
  nameProblem,
  passwordProblem,
  ratingText,
  ratingWithDeviation,
  resultFor,
  retryText,
  speedOf,
  timeControlText,
} from './players';

const DAY = 86_400_000;

describe('ratings in words', () => {
  it('rounds a rating and marks it provisional while its deviation is wide', () => {
    expect(ratingText(1662.4)).toBe('1662');
    expect(ratingText(1662.5, 290.3)).toBe('1663?');
    expect(ratingText(1500, 110)).toBe('1500');
    expect(ratingWithDeviation({ rating: 1337.6, deviation: 290.2 })).toBe('1338 ± 290');
  });

  it('names the families and keeps an unknown one as it is', () => {
    expect(familyTitle('dice')).toBe('Chess 56 / 2016');
    expect(familyTitle('placement')).toBe('Placement Chess');
    expect(familyTitle('newgame')).toBe('newgame');
  });

  it('reads a result from each side', () => {
    expect(resultFor('1-0', 'white')).toBe('won');
    expect(resultFor('1-0', 'black')).toBe('lost');
    expect(resultFor('0-1', 'black')).toBe('won');
    expect(resultFor('1/2-1/2', 'white')).toBe('drawn');
    expect(resultFor('*', 'white')).toBe('playing');
  });
});

describe('times in words', () => {
  it('writes a clock as minutes+seconds and days per move in words', () => {
    expect(timeControlText({ base_ms: 300_000, increment_ms: 3000 })).toBe('5+3');
    expect(timeControlText({ base_ms: 30_000, increment_ms: 0 })).toBe('½+0');
    expect(timeControlText({ base_ms: 90_000, increment_ms: 1000 })).toBe('1.5+1');
    expect(timeControlText({ days: 1 })).toBe('1 day per move');
    expect(timeControlText({ days: 14 })).toBe('14 days per move');
  });

  it('tells the speed by the length of a game of forty moves', () => {
    expect(speedOf({ base_ms: 60_000, increment_ms: 0 })).toBe('bullet');
    expect(speedOf({ base_ms: 120_000, increment_ms: 1000 })).toBe('bullet'); // 120 s + 40 × 1 s
    expect(speedOf({ base_ms: 180_000, increment_ms: 2000 })).toBe('blitz');
    expect(speedOf({ base_ms: 600_000, increment_ms: 5000 })).toBe('rapid');
    expect(speedOf({ base_ms: 1_800_000, increment_ms: 20_000 })).toBe('classical');
    expect(speedOf({ days: 3 })).toBe('correspondence');
  });

  it('writes a span in its two largest units', () => {
    expect(durationText(2 * DAY + 3 * 3_600_000 + 59_000)).toBe('2 days 3 h');
    expect(durationText(DAY)).toBe('1 day');
    expect(durationText(5 * 3_600_000 + 10 * 60_000)).toBe('5 h 10 min');
    expect(durationText(3_600_000)).toBe('1 h');
    expect(durationText(12 * 60_000 + 5000)).toBe('12 min');
    expect(durationText(40_500)).toBe('40 s');
    expect(durationText(400)).toBe('no time');
  });

  it('says a deadline with the time left, and when it has passed', () => {
    const moment = (ms: number) => momentText(ms, 'en-GB', 'UTC');
    const deadline = Date.UTC(2025, 2, 4, 14, 5); // Tuesday 4 March 2025, 14:05 UTC
    expect(deadlineText(deadline, deadline - (DAY + 2 * 3_600_000), moment)).toBe('move by Tue 4 Mar, 14:05 (1 day 2 h left)');
    expect(deadlineText(deadline, deadline + 1, moment)).toBe('move by Tue 4 Mar, 14:05 (time is up)');
  });

  it('warns of a deadline under a fifth of the time a move away, and at most a day ahead', () => {
    const now = 0;
    expect(deadlineIsNear(now + 14 * 3_600_000, now, 3)).toBe(true);
    expect(deadlineIsNear(now + 15 * 3_600_000, now, 3)).toBe(false);
    expect(deadlineIsNear(now + 4 * 3_600_000, now, 1)).toBe(true);
    expect(deadlineIsNear(now + 5 * 3_600_000, now, 1)).toBe(false);
    expect(deadlineIsNear(now + 23 * 3_600_000, now, 14)).toBe(true);
    expect(deadlineIsNear(now + 25 * 3_600_000, now, 14)).toBe(false);
  });

  it('says when to try again after a refusal', () => {
    const now = Date.UTC(2025, 0, 1, 14, 17, 30);
    expect(retryText(900, now, 'en-GB', 'UTC')).toBe('try again in 15 min (at 14:32)');
    expect(retryText(42, now)).toBe('try again in 42 seconds');
    expect(retryText(0.2, now)).toBe('try again in 1 second');
  });
});

describe('account forms', () => {
  it('checks a name as the server does', () => {
    expect(nameProblem('Alice_1-b')).toBeNull();
    expect(nameProblem('Al')).not.toBeNull();
    expect(nameProblem('a'.repeat(21))).not.toBeNull();
    expect(nameProblem('Ålice')).not.toBeNull();
    expect(nameProblem('two words')).not.toBeNull();
  });

  it('counts a password in bytes, as the server does', () => {
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('1234567')).not.toBeNull();
    expect(passwordProblem('ééé')).not.toBeNull(); // 6 bytes
    expect(passwordProblem('éééé')).toBeNull(); // 8 bytes
    expect(passwordProblem('x'.repeat(129))).not.toBeNull();
    expect(passwordProblem('é'.repeat(65))).not.toBeNull(); // 130 bytes
  });
});
