// The end of a game in words, and the requests behind the game-over dialog's buttons: a rematch
// (the same game, setup and options, colours swapped) and the game opened on an analysis board.

import type { NewGame, NewSeek } from './api';
import type { GameState } from './types';

export function resultWords(game: Pick<GameState, 'result' | 'reason'>): string {
  const who =
    game.result === '1-0' ? 'White wins' : game.result === '0-1' ? 'Black wins' : game.result === '1/2-1/2' ? 'Draw' : 'Game over';
  return game.reason ? `${who} · ${game.reason}` : who;
}

/** A new game like `game` with the colours swapped (against the engine: the engine takes the other side). */
export function rematchRequest(game: GameState): NewGame {
  const options = { ...game.options };
  delete options.view; // a refereed game's view is the server's, never asked for
  const request: NewGame = { variant: game.variant, options, mode: game.mode };
  if (!game.blackswan) {
    if (game.setup) request.setup = game.setup;
    else request.fen = game.start_fen;
    // The roll is the setup's: the dice stay in `setup`, not among the options asked for.
    delete request.options.dice;
  }
  if (game.mode === 'engine' && game.engine)
    request.engine = { color: game.engine.color === 'white' ? 'black' : 'white', level: game.engine.level };
  if (game.mode === 'online' && game.clock) request.clock = { initial_ms: game.clock.initial_ms, increment_ms: game.clock.increment_ms };
  return request;
}

/** The seat this browser takes in the rematch: the other colour (both seats in a local game). */
export function rematchSeat(game: GameState): 'white' | 'black' | 'both' {
  if (game.seat === 'white') return 'black';
  if (game.seat === 'black') return 'white';
  return 'both';
}

/**
 * A rematch between two accounts: a challenge to the opponent (the same game, options, setup,
 * clock or days per move, rated or not; this seat takes the other colour). Null where the game
 * was not between `me` and another account.
 */
export function rematchChallenge(game: GameState, me: string | null): NewSeek | null {
  const mine = game.seat === 'white' || game.seat === 'black' ? game.seat : null;
  if (!mine || !me || game.players?.[mine]?.name.toLowerCase() !== me.toLowerCase()) return null;
  const opponent = game.players[mine === 'white' ? 'black' : 'white']?.name;
  const clock: NewSeek['clock'] | null = game.correspondence
    ? { days: game.correspondence.days_per_move }
    : game.clock
      ? { base_ms: game.clock.initial_ms, increment_ms: game.clock.increment_ms }
      : null;
  if (!opponent || !clock) return null;
  const { variant, options, setup } = rematchRequest(game);
  const challenge: NewSeek = { variant, options, clock, rated: !!game.rated, color: mine === 'white' ? 'black' : 'white', to: opponent, listed: true };
  if (setup) challenge.setup = setup;
  return challenge;
}
