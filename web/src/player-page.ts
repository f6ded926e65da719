// A player's page (the address `player/NAME` under the app's root): the name, the ratings per
// family of games (rating ± deviation, games), the games being played and the finished ones,
// each linking to its game to watch or replay; and a challenge to the player from the lobby.

import { playerLink, signedIn } from './account';
import { api, type ApiError, variantTitles } from './api';
import { escapeHtml } from './board';
import { familyTitle, momentText, PROVISIONAL_DEVIATION, ratingWithDeviation, resultFor, timeControlText } from './players';
import type { Player, PlayerGame } from './types';

const RESULT_WORDS = { won: 'Won', lost: 'Lost', drawn: 'Drawn', playing: 'Playing' } as const;

function gameTime(g: PlayerGame): string {
  if (g.days_per_move) return timeControlText({ days: g.days_per_move });
  return g.clock ? timeControlText(g.clock) : '';
}

const timeHtml = (ms: number): string => `<time datetime="${new Date(ms).toISOString()}">${escapeHtml(momentText(ms))}</time>`;

function gameRow(g: PlayerGame, titles: Map<string, string>): string {
  const outcome = resultFor(g.result, g.color);
  return (
    `<tr data-game="${escapeHtml(g.game)}" class="${outcome}">` +
    `<td><a href="${escapeHtml(g.link)}" data-route>${escapeHtml(titles.get(g.variant) ?? g.variant)}</a></td>` +
    `<td>${g.color === 'white' ? 'White' : 'Black'}</td>` +
    `<td>${playerLink(g.opponent)}</td>` +
    `<td>${escapeHtml(gameTime(g))}</td>` +
    `<td>${g.rated ? 'Rated' : 'Casual'}</td>` +
    (g.result === '*'
      ? ''
      : `<td class="result-cell" data-outcome="${outcome}">${RESULT_WORDS[outcome]} <span class="muted">${escapeHtml(g.result)}${g.reason ? ` · ${escapeHtml(g.reason)}` : ''}</span></td>`) +
    // A finished game's entry was last changed when it ended; a game in play's when it began.
    `<td>${timeHtml(g.result === '*' ? g.started : g.updated)}</td>` +
    '</tr>'
  );
}

function gamesTable(id: string, caption: string, games: PlayerGame[], finished: boolean, titles: Map<string, string>): string {
  if (!games.length) return `<h2 id="${id}-title">${caption}</h2><p class="muted" id="${id}">None.</p>`;
  return (
    `<h2 id="${id}-title">${caption}</h2><div class="table-wrap"><table class="lobby-table" id="${id}" aria-labelledby="${id}-title"><thead><tr>` +
    '<th scope="col">Game</th><th scope="col">Colour</th><th scope="col">Opponent</th><th scope="col">Time</th><th scope="col">Mode</th>' +
    (finished ? '<th scope="col">Result</th>' : '') +
    `<th scope="col">${finished ? 'Ended' : 'Started'}</th></tr></thead><tbody>` +
    games.map((g) => gameRow(g, titles)).join('') +
    '</tbody></table></div>'
  );
}

export function playerHtml(player: Player, me: string | null, titles: Map<string, string>): string {
  const families = Object.entries(player.ratings);
  const ratings = families.length
    ? '<table class="ratings" id="ratings" aria-label="Ratings"><thead><tr><th scope="col">Games</th><th scope="col">Rating</th><th scope="col">Rated games</th></tr></thead><tbody>' +
      families
        .map(
          ([family, r]) =>
            `<tr data-family="${escapeHtml(family)}"><th scope="row">${escapeHtml(familyTitle(family))}</th>` +
            `<td class="num" data-rating="${Math.round(r.rating)}">${escapeHtml(ratingWithDeviation(r))}${r.deviation > PROVISIONAL_DEVIATION ? ' <span class="muted">provisional</span>' : ''}</td>` +
            `<td class="num">${r.games}</td></tr>`,
        )
        .join('') +
      '</tbody></table>'
    : '<p class="muted" id="ratings">No rated games yet: every rating starts at 1500 ± 350.</p>';
  const isMe = !!me && me.toLowerCase() === player.name.toLowerCase();
  const challenge = player.closed
    ? '<p class="muted" id="account-closed">This account was closed by its owner; its games stay.</p>'
    : isMe
      ? '<p><a href="/account" data-route id="account-settings">Change your password or close the account</a></p>'
      : `<p><a href="/lobby?to=${encodeURIComponent(player.name)}" data-route id="challenge-player">Challenge ${escapeHtml(player.name)}</a></p>`;
  return (
    `<section class="panel player-page" aria-labelledby="player-title">` +
    `<h1 id="player-title">${escapeHtml(player.name)}</h1>` +
    `<p class="muted">Playing here since ${escapeHtml(new Date(player.created).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' }))}${isMe ? ' · this is you' : ''}</p>` +
    challenge +
    '<h2>Ratings</h2>' +
    ratings +
    gamesTable('playing', 'Games being played', player.playing, false, titles) +
    gamesTable('finished', 'Finished games', player.finished, true, titles) +
    '</section>'
  );
}

export async function renderPlayer(root: HTMLElement, name: string): Promise<void> {
  let player: Player;
  let me: string | null;
  let titles: Map<string, string>;
  try {
    [player, me, titles] = await Promise.all([api.player(name), signedIn(), variantTitles()]);
  } catch (e) {
    const missing = (e as ApiError).status === 404;
    root.innerHTML =
      `<section class="panel player-page" aria-labelledby="player-title"><h1 id="player-title">${missing ? 'No such player' : 'Player'}</h1>` +
      `<p class="error" role="alert">${escapeHtml((e as Error).message)}</p></section>`;
    return;
  }
  document.title = `Menagerie · ${player.name}`;
  root.innerHTML = playerHtml(player, me, titles);
}
