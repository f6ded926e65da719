// The account pages' and the rematch's pure parts: where to go after signing in, a refusal in
// words, a new password checked before it is sent, a player's page as its owner and others see
// it, and a rematch between two accounts as a challenge to the opponent.
import { describe, expect, it } from 'vitest';
import { nextPath, refusalText } from './account-page';
import { ApiError } from './api';
import { rematchChallenge } from './game-over';
import { playerHtml } from './player-page';
import { newPasswordProblem, settingsRefusal } from './settings-page';
import { yourGamesHtml } from './your-games-page';
import type { GameState, MyGame, Player } from './types';

describe('the account page', () => {
  it('checks a new password and its repetition before sending them', () => {
    expect(newPasswordProblem('new-secret', 'new-secret')).toBeNull();
    expect(newPasswordProblem('short', 'short')).toMatch(/8 to 128/);
    expect(newPasswordProblem('new-secret', 'new-secrets')).toMatch(/differ/);
  });

  it('tells a wrong password from a session that has ended meanwhile', () => {
    expect(settingsRefusal(new ApiError('wrong name or password', 401, null))).toBe('Wrong password.');
    expect(settingsRefusal(new ApiError('sign in first', 401, null))).toMatch(/signed out/);
    expect(settingsRefusal(new ApiError('the account was changed meanwhile (its password, elsewhere): sign in again', 409, null))).toMatch(/changed meanwhile/);
  });

  it("is linked from the player's own page, and a closed account says so instead", () => {
    const player: Player = { name: 'Alice', created: 0, ratings: {}, playing: [], finished: [] };
    const titles = new Map<string, string>();
    expect(playerHtml(player, 'alice', titles)).toContain('id="account-settings"');
    expect(playerHtml(player, 'bob', titles)).not.toContain('id="account-settings"');
    expect(playerHtml(player, 'bob', titles)).toContain('id="challenge-player"');
    const closed = playerHtml({ ...player, closed: true }, 'bob', titles);
    expect(closed).toContain('id="account-closed"');
    expect(closed).not.toContain('id="challenge-player"');
  });
});

describe('signing in', () => {
  it('comes back only to a page of this app', () => {
    expect(nextPath('?next=%2Flobby')).toBe('/lobby');
    expect(nextPath('?next=%2Fseek%2Fabc')).toBe('/seek/abc');
    expect(nextPath('')).toBe('/lobby');
    expect(nextPath('?next=https%3A%2F%2Fevil.example%2F')).toBe('/lobby');
    expect(nextPath('?next=%2F%2Fevil.example')).toBe('/lobby');
    expect(nextPath('?next=%2F%5Cevil.example')).toBe('/lobby');
    expect(nextPath('?next=%2Fsignin')).toBe('/lobby');
  });

  it('says a refusal in words, with when to try again', () => {
    const now = Date.UTC(2025, 0, 1, 9, 0);
    expect(refusalText(new ApiError('wrong name or password', 401), now)).toBe('Wrong name or password.');
    expect(refusalText(new ApiError('the name Alice is taken', 409), now)).toBe('The name Alice is taken: choose another name.');
    expect(refusalText(new ApiError('too many wrong passwords for Alice: it is locked for 900 s more', 429, 900), now)).toMatch(
      /^Too many wrong passwords: this account is locked for now; try again in 15 min \(at .+\)\.$/,
    );
    expect(refusalText(new ApiError('too many sign-ins from your address: try again in 6 s', 429, 6), now)).toBe(
      'Too many attempts from your address; try again in 6 seconds.',
    );
    expect(refusalText(new ApiError('a password is 8 to 128 bytes long', 400), now)).toBe('a password is 8 to 128 bytes long');
  });
});

const lobbyGame = (over: Partial<GameState>): GameState =>
  ({
    id: 'g', variant: 'chess2016', title: 'Chess 2016', options: { dice: 'W1-2-3.G4.R5', 'knight-camel-swap': 'off' }, mode: 'online', seat: 'white',
    start_fen: '', fen: '', turn: 'white', ply: 10, moves: [], legal: [], last_move: null, check: [], status: 'over', result: '1-0', reason: 'Black resigned',
    setup: 'W1-2-3.G4.R5', players: { white: { name: 'Alice', rating: 1500 }, black: { name: 'Bob', rating: 1500 } }, rated: true, ...over,
  }) as GameState;

describe('a rematch between accounts', () => {
  it('challenges the opponent to the same game with the colours swapped', () => {
    const clock = { white_ms: 0, black_ms: 0, running: null, initial_ms: 180_000, increment_ms: 2000 };
    expect(rematchChallenge(lobbyGame({ clock }), 'alice')).toEqual({
      variant: 'chess2016', options: { 'knight-camel-swap': 'off' }, setup: 'W1-2-3.G4.R5', clock: { base_ms: 180_000, increment_ms: 2000 },
      rated: true, color: 'black', to: 'Bob', listed: true,
    });
    expect(rematchChallenge(lobbyGame({ seat: 'black', rated: false, correspondence: { days_per_move: 3 } }), 'Bob')).toMatchObject({ clock: { days: 3 }, color: 'white', to: 'Alice', rated: false });
  });

  it('is no challenge where the game was not between this account and another', () => {
    const clock = { white_ms: 0, black_ms: 0, running: null, initial_ms: 180_000, increment_ms: 2000 };
    expect(rematchChallenge(lobbyGame({ clock }), null)).toBeNull();
    expect(rematchChallenge(lobbyGame({ clock }), 'Carol')).toBeNull();
    expect(rematchChallenge(lobbyGame({ clock, seat: 'spectator' }), 'Alice')).toBeNull();
    expect(rematchChallenge(lobbyGame({ clock, players: { white: { name: 'Alice', rating: 1500 } } }), 'Alice')).toBeNull();
    expect(rematchChallenge(lobbyGame({ clock, players: undefined }), 'Alice')).toBeNull();
  });
});

describe('your games', () => {
  const game = (id: string, yourMove: boolean, more: Partial<MyGame> = {}): MyGame => ({
    id, link: `/game/${id}`, variant: 'chess', color: 'white', opponent: 'Bob', rated: true, your_move: yourMove, turn: 'white', ply: 4, ...more,
  });
  it('lists the games where it is your move apart, with their deadlines', () => {
    const now = Date.UTC(2025, 0, 1);
    const html = yourGamesHtml([game('a', true, { days_per_move: 3, deadline: now + 3_600_000 }), game('b', false, { clock: { base_ms: 300_000, increment_ms: 3000 } })], new Map([['chess', 'Chess']]), now);
    const mine = html.slice(html.indexOf('id="your-move"'), html.indexOf('id="their-move"'));
    expect(mine).toContain('data-game="a"');
    expect(mine).not.toContain('data-game="b"');
    expect(mine).toMatch(/class="deadline near">move by .* \(1 h left\)</);
    expect(mine).toContain('3 days per move · rated · move 3');
    expect(html.slice(html.indexOf('id="their-move"'))).toContain('5+3 · rated');
    expect(html).toContain('Your move <span class="count">(1)</span>');
  });
});
