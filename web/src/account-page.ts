// Signing in and signing up (the addresses `signin` and `signup` under the app's root, with
// `?next=PATH` for the page to come back to). The name and password are checked as the server
// checks them before anything is sent; the server's refusals are shown in words: a name taken, a
// wrong name or password, an account locked or an address limited, with when to try again.

import { setSignedIn, signedIn } from './account';
import { api, type ApiError } from './api';
import { escapeHtml } from './board';
import { nameProblem, passwordProblem, retryText } from './players';

type Navigate = (path: string) => void;

/** Where to go after signing in: a path of this app only (never another site's address). */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/(?![/\\])/.test(next) && !/^\/sign(in|up)\b/.test(next) ? next : '/lobby';
}

/** A refusal of signing in or up, in words. */
export function refusalText(e: ApiError, now: number): string {
  if (e.status === 429 && e.retryAfter !== null) {
    const what = /locked/.test(e.message) ? 'Too many wrong passwords: this account is locked for now' : 'Too many attempts from your address';
    return `${what}; ${retryText(e.retryAfter, now)}.`;
  }
  if (e.status === 401) return 'Wrong name or password.';
  if (e.status === 409) return `${e.message.charAt(0).toUpperCase()}${e.message.slice(1)}: choose another name.`;
  return e.message;
}

export async function renderAccountPage(root: HTMLElement, signUp: boolean, navigate: Navigate): Promise<void> {
  const next = nextPath(window.location.search);
  const other = signUp ? `/signin${window.location.search}` : `/signup${window.location.search}`;
  root.innerHTML = `
    <section class="panel account-page" aria-labelledby="account-title">
      <h1 id="account-title">${signUp ? 'Sign up' : 'Sign in'}</h1>
      <p id="already" class="muted" hidden></p>
      <form id="account-form" novalidate>
        <label>Name <input name="name" id="account-name" autocomplete="username" required minlength="3" maxlength="20" pattern="[A-Za-z0-9_\\-]{3,20}" aria-describedby="name-help"></label>
        <small id="name-help" class="muted">${signUp ? '3 to 20 letters, digits, _ or -; others see it beside your games.' : 'Any case will do.'}</small>
        <label>Password <input type="password" name="password" id="account-password" autocomplete="${signUp ? 'new-password' : 'current-password'}" required minlength="8" maxlength="128" aria-describedby="password-help"></label>
        <small id="password-help" class="muted">${signUp ? 'At least 8 characters.' : ''}</small>
        <button type="submit" class="primary" id="account-submit">${signUp ? 'Create the account' : 'Sign in'}</button>
        <p class="error" id="account-error" role="alert"></p>
      </form>
      <p>${signUp ? 'Have an account?' : 'New here?'} <a href="${escapeHtml(other)}" data-route id="account-other">${signUp ? 'Sign in' : 'Sign up'}</a></p>
      <p class="muted">An account is not needed to play: every game also goes by its links. It gives you a name, rated games, correspondence games listed where it is your move, and your seats on any device.</p>
    </section>`;
  const me = await signedIn();
  if (me) {
    const already = root.querySelector<HTMLElement>('#already')!;
    already.hidden = false;
    already.textContent = `You are signed in as ${me}; signing ${signUp ? 'up' : 'in'} here changes that.`;
  }
  const form = root.querySelector<HTMLFormElement>('#account-form')!;
  const error = root.querySelector<HTMLElement>('#account-error')!;
  const button = root.querySelector<HTMLButtonElement>('#account-submit')!;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const problem = signUp ? nameProblem(name) ?? passwordProblem(password) : !name || !password ? 'Give your name and password.' : null;
    error.textContent = problem ?? '';
    if (problem) return;
    button.disabled = true;
    (signUp ? api.signUp(name, password) : api.signIn(name, password))
      .then((answer) => {
        setSignedIn(answer.name);
        navigate(next);
      })
      .catch((err: ApiError) => {
        error.textContent = refusalText(err, Date.now());
        button.disabled = false;
      });
  });
}
