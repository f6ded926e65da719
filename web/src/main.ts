// Entry point: a tiny router over the pages, `/` (new game, import, your games), `/game/ID?token=T`
// (the game), `/rules/NAME` (a game's rules), `/atlas/NAME` (a game's setup atlas), `/lobby` (the
// seeks and live games), `/seek/ID` (a challenge by its link), `/player/NAME` (a player's page),
// `/your-games` (the account's games in play), `/account` (its password, or closing it), `/signin`
// and `/signup`. Links marked `data-route` navigate without a reload. The header's account area is drawn once and refreshed on each page.

import './style.css';
import { AccountArea } from './account';
import { renderAccountPage } from './account-page';
import { renderAtlas } from './atlas-page';
import { renderGame } from './game-page';
import { renderHome } from './home';
import { renderLobby } from './lobby-page';
import { renderPlayer } from './player-page';
import { renderRules } from './rules-page';
import { renderSeek } from './seek-page';
import { renderSettings } from './settings-page';
import { renderYourGames } from './your-games-page';

const root = document.querySelector<HTMLElement>('#app')!;
let leavePage: (() => void) | null = null;

export function navigate(path: string): void {
  history.pushState(null, '', path);
  void route();
}

const accountArea = new AccountArea(document.querySelector<HTMLElement>('#account')!, document.querySelector<HTMLElement>('#notice')!, navigate);

const name = (part: string | undefined): string | null => (part ? decodeURIComponent(part) : null);

async function route(): Promise<void> {
  leavePage?.();
  leavePage = null;
  root.innerHTML = '';
  root.className = '';
  const url = new URL(window.location.href);
  const path = url.pathname;
  const match = /^\/game\/([^/]+)\/?$/.exec(path);
  const rules = /^\/rules(?:\/([^/]+))?\/?$/.exec(path);
  const atlas = /^\/atlas(?:\/([^/]+))?\/?$/.exec(path);
  const seek = /^\/seek\/([^/]+)\/?$/.exec(path);
  const player = /^\/player\/([^/]+)\/?$/.exec(path);
  const account = /^\/sign(in|up)\/?$/.exec(path);
  void accountArea.refresh(/^\/(lobby|seek\/)/.test(path));
  if (atlas) {
    document.title = 'Menagerie · setup atlas';
    await renderAtlas(root, name(atlas[1]), navigate);
  } else if (rules) {
    document.title = 'Menagerie · rules';
    await renderRules(root, name(rules[1]));
  } else if (match) {
    document.title = 'Menagerie · game';
    leavePage = await renderGame(root, name(match[1])!, url.searchParams.get('token'), navigate);
  } else if (/^\/lobby\/?$/.test(path)) {
    document.title = 'Menagerie · lobby';
    leavePage = await renderLobby(root, navigate);
  } else if (seek) {
    document.title = 'Menagerie · challenge';
    leavePage = await renderSeek(root, name(seek[1])!, navigate);
  } else if (player) {
    document.title = 'Menagerie · player';
    await renderPlayer(root, name(player[1])!);
  } else if (/^\/account\/?$/.test(path)) {
    document.title = 'Menagerie · your account';
    await renderSettings(root, navigate);
  } else if (/^\/your-games\/?$/.test(path)) {
    document.title = 'Menagerie · your games';
    await renderYourGames(root);
  } else if (account) {
    document.title = account[1] === 'up' ? 'Menagerie · sign up' : 'Menagerie · sign in';
    await renderAccountPage(root, account[1] === 'up', navigate);
  } else {
    document.title = 'Menagerie';
    await renderHome(root, navigate);
  }
}

document.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-route]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  navigate(a.getAttribute('href')!);
});
window.addEventListener('popstate', () => void route());
void route();
