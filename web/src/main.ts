// Entry point: a tiny router over four pages, `/` (new game, import, your games),
// `/game/ID?token=T` (the game), `/rules/NAME` (a game's rules) and `/atlas/NAME` (a game's
// setup atlas). Links marked `data-route` navigate without a reload.

import './style.css';
import { renderAtlas } from './atlas-page';
import { renderGame } from './game-page';
import { renderHome } from './home';
import { renderRules } from './rules-page';

const root = document.querySelector<HTMLElement>('#app')!;
let leavePage: (() => void) | null = null;

export function navigate(path: string): void {
  history.pushState(null, '', path);
  void route();
}

async function route(): Promise<void> {
  leavePage?.();
  leavePage = null;
  root.innerHTML = '';
  const url = new URL(window.location.href);
  const match = /^\/game\/([^/]+)\/?$/.exec(url.pathname);
  const rules = /^\/rules(?:\/([^/]+))?\/?$/.exec(url.pathname);
  const atlas = /^\/atlas(?:\/([^/]+))?\/?$/.exec(url.pathname);
  if (atlas) {
    document.title = 'Menagerie · setup atlas';
    await renderAtlas(root, atlas[1] ? decodeURIComponent(atlas[1]) : null, navigate);
  } else if (rules) {
    document.title = 'Menagerie · rules';
    await renderRules(root, rules[1] ? decodeURIComponent(rules[1]) : null);
  } else if (match) {
    document.title = 'Menagerie · game';
    leavePage = await renderGame(root, decodeURIComponent(match[1]), url.searchParams.get('token'), navigate);
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
