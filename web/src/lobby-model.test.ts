import { describe, expect, it } from 'vitest';
import {
  acceptProblem,
  accepterColour,
  applyLobbyMessage,
  emptyLobby,
  gameWords,
  isOwnSeek,
  parseClock,
  readLobbyMessage,
  seekRequest,
  timeWords,
  type SeekForm,
} from './lobby-model';
import type { LiveGame, Seek } from './types';

const seek = (id: string, created: number, more: Partial<Seek> = {}): Seek => ({
  id,
  link: `/seek/${id}`,
  variant: 'chess',
  options: {},
  setup: null,
  clock: { base_ms: 300_000, increment_ms: 3000 },
  rated: false,
  color: 'random',
  to: null,
  listed: true,
  by: null,
  rating: null,
  created,
  expires: created + 86_400_000,
  ...more,
});

const live = (id: string, started: number): LiveGame => ({
  id,
  link: `/game/${id}`,
  variant: 'chess',
  options: {},
  white: 'Alice',
  black: null,
  rated: false,
  clock: { days: 3 },
  started,
});

describe('the lobby lists', () => {
  it('starts from the snapshot, newest first, and follows each change', () => {
    let lists = applyLobbyMessage(emptyLobby(), { type: 'lobby', seeks: [seek('a', 1), seek('b', 3), seek('c', 2)], games: [live('g1', 5), live('g2', 9)] });
    expect(lists.seeks.map((s) => s.id)).toEqual(['b', 'c', 'a']);
    expect(lists.games.map((g) => g.id)).toEqual(['g2', 'g1']);
    lists = applyLobbyMessage(lists, { type: 'seek', seek: seek('d', 4) });
    expect(lists.seeks.map((s) => s.id)).toEqual(['d', 'b', 'c', 'a']);
    // A seek sent again (changed) replaces its old copy rather than being listed twice.
    lists = applyLobbyMessage(lists, { type: 'seek', seek: seek('c', 2, { rated: true }) });
    expect(lists.seeks.map((s) => s.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(lists.seeks.find((s) => s.id === 'c')!.rated).toBe(true);
    lists = applyLobbyMessage(lists, { type: 'seek_gone', id: 'b' });
    lists = applyLobbyMessage(lists, { type: 'seek_gone', id: 'never-there' });
    expect(lists.seeks.map((s) => s.id)).toEqual(['d', 'c', 'a']);
    lists = applyLobbyMessage(lists, { type: 'game', game: live('g3', 7) });
    lists = applyLobbyMessage(lists, { type: 'game_gone', id: 'g2' });
    expect(lists.games.map((g) => g.id)).toEqual(['g3', 'g1']);
  });

  it('leaves the lists as they are for the messages that are not about them', () => {
    const lists = applyLobbyMessage(emptyLobby(), { type: 'seek', seek: seek('a', 1) });
    expect(applyLobbyMessage(lists, { type: 'claimed', seek: 'a' })).toBe(lists);
    expect(applyLobbyMessage(lists, { type: 'accepted', seek: 'a', game: 'g', seat: 'white', link: '/game/g' })).toBe(lists);
    expect(applyLobbyMessage(lists, { type: 'error', error: 'no' })).toBe(lists);
  });

  it('never changes the lists it was given', () => {
    const before = applyLobbyMessage(emptyLobby(), { type: 'seek', seek: seek('a', 1) });
    applyLobbyMessage(before, { type: 'seek_gone', id: 'a' });
    applyLobbyMessage(before, { type: 'seek', seek: seek('b', 2) });
    expect(before.seeks.map((s) => s.id)).toEqual(['a']);
  });

  it('reads only JSON objects with a type as messages', () => {
    expect(readLobbyMessage('{"type":"seek_gone","id":"x"}')).toEqual({ type: 'seek_gone', id: 'x' });
    expect(readLobbyMessage('not json')).toBeNull();
    expect(readLobbyMessage('[1]')).toBeNull();
    expect(readLobbyMessage('null')).toBeNull();
  });
});

describe('the seek form', () => {
  it('reads a clock as minutes+seconds, within the server’s limits', () => {
    expect(parseClock('5+3')).toEqual({ base_ms: 300_000, increment_ms: 3000 });
    expect(parseClock(' 10 + 0 ')).toEqual({ base_ms: 600_000, increment_ms: 0 });
    expect(parseClock('½+0')).toEqual({ base_ms: 30_000, increment_ms: 0 });
    expect(parseClock('0.25+1')).toEqual({ base_ms: 15_000, increment_ms: 1000 });
    expect(parseClock('1440+3600')).toEqual({ base_ms: 86_400_000, increment_ms: 3_600_000 });
    expect(parseClock('5')).toMatch(/minutes\+seconds/);
    expect(parseClock('5+3+1')).toMatch(/minutes\+seconds/);
    expect(parseClock('0+5')).toMatch(/at least a second/);
    expect(parseClock('1441+0')).toMatch(/24 hours/);
    expect(parseClock('5+3601')).toMatch(/3600 seconds/);
  });

  const form = (more: Partial<SeekForm> = {}): SeekForm => ({
    variant: 'chess2016',
    options: { 'knight-camel-swap': 'off' },
    time: 'clock',
    clock: '3+2',
    days: 3,
    rated: false,
    color: 'random',
    to: '',
    byLinkOnly: false,
    ...more,
  });

  it('makes the request of a seek on the clock, and of one by days per move', () => {
    expect(seekRequest(form({ setup: 'W1-2-3.G4.R5' }), null)).toEqual({
      variant: 'chess2016',
      options: { 'knight-camel-swap': 'off' },
      setup: 'W1-2-3.G4.R5',
      clock: { base_ms: 180_000, increment_ms: 2000 },
      rated: false,
      color: 'random',
      listed: true,
    });
    expect(seekRequest(form({ time: 'correspondence', days: 7, rated: true, color: 'black', to: ' Bob ', byLinkOnly: true }), 'Alice')).toEqual({
      variant: 'chess2016',
      options: { 'knight-camel-swap': 'off' },
      clock: { days: 7 },
      rated: true,
      color: 'black',
      to: 'Bob',
      listed: false,
    });
  });

  it('names what is wrong before anything is sent', () => {
    expect(seekRequest(form({ time: 'correspondence', days: 4 }), null)).toMatch(/1, 2, 3, 5, 7, 14/);
    expect(seekRequest(form({ clock: 'soon' }), null)).toMatch(/minutes\+seconds/);
    expect(seekRequest(form({ rated: true }), null)).toMatch(/Sign in/);
    expect(seekRequest(form({ to: 'no such name!' }), 'Alice')).toMatch(/not a player’s name/);
    expect(seekRequest(form({ to: 'alice' }), 'Alice')).toMatch(/somebody else/);
    // The clock is not read for a correspondence seek.
    expect(seekRequest(form({ time: 'correspondence', clock: 'soon' }), null)).toMatchObject({ clock: { days: 3 } });
  });
});

describe('whose seek, and who may accept it', () => {
  const kept = new Set(['mine']);
  it('knows this player’s seeks by the account or by the tokens kept', () => {
    expect(isOwnSeek(seek('mine', 1), null, kept)).toBe(true);
    expect(isOwnSeek(seek('x', 1, { by: 'Alice' }), 'alice', kept)).toBe(true);
    expect(isOwnSeek(seek('x', 1, { by: 'Alice' }), 'Bob', kept)).toBe(false);
    expect(isOwnSeek(seek('x', 1), null, kept)).toBe(false);
  });

  it('says why a seek cannot be accepted', () => {
    expect(acceptProblem(seek('mine', 1), null, kept)).toMatch(/your own/);
    expect(acceptProblem(seek('x', 1, { to: 'Carol' }), 'Bob', kept)).toBe('This challenge is for Carol.');
    expect(acceptProblem(seek('x', 1, { to: 'Carol' }), 'carol', kept)).toBeNull();
    expect(acceptProblem(seek('x', 1, { rated: true }), null, kept)).toMatch(/Sign in/);
    expect(acceptProblem(seek('x', 1, { rated: true }), 'Bob', kept)).toBeNull();
    expect(acceptProblem(seek('x', 1), null, kept)).toBeNull();
  });

  it('gives the accepter the other colour', () => {
    expect(accepterColour({ color: 'white' })).toBe('black');
    expect(accepterColour({ color: 'black' })).toBe('white');
    expect(accepterColour({ color: 'random' })).toBe('random');
  });

  it('describes a seek’s game and time', () => {
    expect(gameWords('Chess 56', { 'knight-camel-swap': 'always' }, 'W1-2-3')).toBe('Chess 56 · setup W1-2-3 · Knights and Camels change places: Always');
    expect(gameWords('Chess', {})).toBe('Chess');
    expect(timeWords({ base_ms: 180_000, increment_ms: 2000 })).toBe('3+2 blitz');
    expect(timeWords({ days: 2 })).toBe('2 days per move');
  });
});
