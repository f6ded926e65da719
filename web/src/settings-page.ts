// The signed-in player's account (the address `account` under the app's root): change the
// password (every other device is signed out), or close the account (its name and games stay,
// nobody signs in to it again). Both ask for the present password; the server's refusals are
// shown in words as on the sign-in page.

import { setSignedIn, signedIn, signInPath } from './account';
import { refusalText } from './account-page';
import { api, type ApiError } from './api';
import { escapeHtml } from './board';
import { passwordProblem } from './players';

type Navigate = (path: string) => void;

/** What is wrong with a new password and its repetition, before anything is sent (null: nothing). */
export function newPasswordProblem(password: string, repeated: string): string | null {
  return passwordProblem(password) ?? (password === repeated ? null : 'The new password and its repetition differ.');
}

/**
 * A refusal of the account page's forms, in words: a wrong password, or a session that has ended
 * meanwhile (the password changed on another device), which signs this page out.
 */
export function settingsRefusal(e: ApiError, now = Date.now()): string {
  if (e.status === 401 && /sign in first/.test(e.message)) {
    setSignedIn(null);
    return 'You have been signed out (was the password changed on another device?): sign in again.';
  }
  if (e.status === 401) return 'Wrong password.';
  if (e.status === 409) return 'The account was changed meanwhile, on another device: sign in again.';
  return refusalText(e, now);
}

export async function renderSettings(root: HTMLElement, navigate: Navigate): Promise<void> {
  const me = await signedIn();
  if (!me) {
    root.innerHTML = `<section class="panel account-page" aria-labelledby="settings-title"><h1 id="settings-title">Your account</h1>
      <p>Sign in to change your password or close your account. <a href="${escapeHtml(signInPath('/account'))}" data-route id="settings-sign-in">Sign in</a></p></section>`;
    return;
  }
  root.innerHTML = `
    <section class="panel account-page" aria-labelledby="settings-title">
      <h1 id="settings-title">Your account, ${escapeHtml(me)}</h1>
      <h2 id="password-title">Change the password</h2>
      <form id="password-form" novalidate aria-labelledby="password-title">
        <input type="text" name="username" autocomplete="username" aria-label="Name" value="${escapeHtml(me)}" hidden>
        <label>Present password <input type="password" name="password" id="present-password" autocomplete="current-password" required maxlength="128"></label>
        <label>New password <input type="password" name="new" id="new-password" autocomplete="new-password" required minlength="8" maxlength="128" aria-describedby="new-help"></label>
        <label>New password again <input type="password" name="again" id="new-password-again" autocomplete="new-password" required minlength="8" maxlength="128"></label>
        <small id="new-help" class="muted">At least 8 characters. Your other devices are signed out.</small>
        <button type="submit" class="primary" id="password-submit">Change the password</button>
        <p class="error" id="password-error" role="alert"></p>
        <p class="muted" id="password-done" role="status"></p>
      </form>
      <h2 id="close-title">Close the account</h2>
      <form id="close-form" novalidate aria-labelledby="close-title">
        <p class="muted">Your open seeks are withdrawn and your notes erased. Your name stays taken and your games and ratings stay on your page, marked closed; nobody can sign in to the account again. Games you are playing go on by their clocks.</p>
        <label>Password <input type="password" name="password" id="close-password" autocomplete="current-password" required maxlength="128"></label>
        <label class="checkbox-line"><input type="checkbox" name="sure" id="close-sure"> I understand that this cannot be undone</label>
        <button type="submit" class="danger" id="close-submit">Close the account</button>
        <p class="error" id="close-error" role="alert"></p>
      </form>
    </section>`;
  const passwordForm = root.querySelector<HTMLFormElement>('#password-form')!;
  const passwordError = root.querySelector<HTMLElement>('#password-error')!;
  const passwordDone = root.querySelector<HTMLElement>('#password-done')!;
  passwordForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(passwordForm);
    const present = String(data.get('password') ?? '');
    const next = String(data.get('new') ?? '');
    const problem = !present ? 'Give your present password.' : newPasswordProblem(next, String(data.get('again') ?? ''));
    passwordError.textContent = problem ?? '';
    passwordDone.textContent = '';
    if (problem) return;
    const button = root.querySelector<HTMLButtonElement>('#password-submit')!;
    button.disabled = true;
    api
      .changePassword(present, next)
      .then(() => {
        passwordForm.reset();
        passwordDone.textContent = 'The password is changed; your other devices are signed out.';
      })
      .catch((err: ApiError) => {
        passwordError.textContent = settingsRefusal(err);
      })
      .finally(() => {
        button.disabled = false;
      });
  });
  const closeForm = root.querySelector<HTMLFormElement>('#close-form')!;
  const closeError = root.querySelector<HTMLElement>('#close-error')!;
  closeForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(closeForm);
    const password = String(data.get('password') ?? '');
    const problem = !password ? 'Give your password.' : data.get('sure') ? null : 'Tick the box to say you mean it.';
    closeError.textContent = problem ?? '';
    if (problem) return;
    const button = root.querySelector<HTMLButtonElement>('#close-submit')!;
    button.disabled = true;
    api.closeAccount(password).then(
      () => {
        setSignedIn(null);
        navigate('/');
      },
      (err: ApiError) => {
        closeError.textContent = settingsRefusal(err);
        button.disabled = false;
      },
    );
  });
}
