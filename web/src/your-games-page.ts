// The signed-in player's games in play (the address `your-games` under the app's root): those
// where it is their move first, the nearest correspondence deadline first among them, each with
// its opponent, time and deadline ("move by …"), linking to the game.

import { playerLink, signedIn, signInPath } from './account';
import { api, variantTitles } from './api';
import { escapeHtml } from './board';
import { deadlineIsNear, deadlineText, timeControlText } from './players';
import type { MyGame } from './types';

function gameItem(g: MyGame, titles: Map<string, string>, now: number): string {
  const time = g.days_per_move ? timeControlText({ days: g.days_per_move }) : g.clock ? timeControlText(g.clock) : '';
  const deadline =
    g.deadline !== undefined
      ? `<span class="deadline${deadlineIsNear(g.deadline, now, g.days_per_move ?? 1) ? ' near' : ''}">${escapeHtml(deadlineText(g.deadline, now))}</span>`
      : '';
  return (
    `<li data-game="${escapeHtml(g.id)}" class="${g.your_move ? 'your-move' : 'their-move'}">` +
    `<a href="${escapeHtml(g.link)}" data-route>${escapeHtml(titles.get(g.variant) ?? g.variant)}</a> ` +
    `<span>as ${g.color === 'white' ? 'White' : 'Black'} against ${playerLink(g.opponent)}</span> ` +
    `<span class="muted">${escapeHtml([time, g.rated ? 'rated' : 'casual', `move ${Math.floor(g.ply / 2) + 1}`].filter(Boolean).join(' · '))}</span> ` +
    deadline +
    '</li>'
  );
}

export function yourGamesHtml(games: MyGame[], titles: Map<string, string>, now: number): string {
  const mine = games.filter((g) => g.your_move);
  const theirs = games.filter((g) => !g.your_move);
  const list = (id: string, items: MyGame[], empty: string): string =>
    `<ul id="${id}" class="game-list my-games">${items.length ? items.map((g) => gameItem(g, titles, now)).join('') : `<li class="muted">${empty}</li>`}</ul>`;
  return (
    '<section class="panel your-games" aria-labelledby="your-games-title">' +
    '<h1 id="your-games-title">Your games</h1>' +
    `<h2>Your move <span class="count">(${mine.length})</span></h2>` +
    list('your-move', mine, 'None: it is your opponents’ move everywhere.') +
    `<h2>Waiting for your opponent <span class="count">(${theirs.length})</span></h2>` +
    list('their-move', theirs, 'None.') +
    '<p><a href="/lobby" data-route>Find a game in the lobby</a></p>' +
    '</section>'
  );
}

export async function renderYourGames(root: HTMLElement): Promise<void> {
  const me = await signedIn();
  if (!me) {
    root.innerHTML =
      '<section class="panel your-games" aria-labelledby="your-games-title"><h1 id="your-games-title">Your games</h1>' +
      `<p><a href="${escapeHtml(signInPath('/your-games'))}" data-route>Sign in</a> to see the games of your account. ` +
      'Games played without an account are listed on the <a href="/" data-route>start page</a>.</p></section>';
    return;
  }
  let games: MyGame[];
  let titles: Map<string, string>;
  try {
    [games, titles] = await Promise.all([api.myGames(), variantTitles()]);
  } catch (e) {
    root.innerHTML = `<section class="panel your-games"><h1>Your games</h1><p class="error" role="alert">${escapeHtml((e as Error).message)}</p></section>`;
    return;
  }
  root.innerHTML = yourGamesHtml(games, titles, Date.now());
}
