// Browser tests of the players' pages (issue 21): accounts, the lobby, a rated game from a seek
// to its end with both ratings changed, a correspondence game across a server restart listed as
// "your move", a challenge by link accepted from a third browser context, an anonymous seeker
// who comes back to the lobby and is taken to the game, and playing without an account as before.
// Each player is a browser context of its own (its own cookies and localStorage).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeCheck, boardReady, clickCell, newPage, waitForPly } from './browser.mjs';
import { startServer } from './server.mjs';
import { browserSession } from './session.mjs';

const PASSWORD = 'correct horse battery';

describe('players: accounts, the lobby, ratings, correspondence', { timeout: 10 * 60_000 }, () => {
  // Many sign-ups and sign-ins from one address: no limit on them here (it has its own C++ test).
  const session = browserSession({ args: ['--logins-per-minute', '0'] });
  const url = (path) => session.server.url + path;

  /** A player: a browser context of its own with a page on `path`. */
  const player = async (path = '/') => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    // Every violation of the content security policy is counted (none is expected).
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await newPage(context);
    await page.goto(url(path));
    return { context, page };
  };

  const signUp = async (page, name) => {
    await page.goto(url('/signup'));
    await page.fill('#account-name', name);
    await page.fill('#account-password', PASSWORD);
    await page.click('#account-submit');
    await page.waitForSelector(`#account[data-account="${name}"]`);
  };

  const openLobby = async (page) => {
    await page.goto(url('/lobby'));
    await page.waitForSelector('#variant option[value="chess"]', { state: 'attached' });
    await page.waitForFunction(() => document.querySelector('#lobby-status')?.textContent !== 'Connecting…');
  };

  /** Posts a seek from the lobby's form: { variant, clock | days, rated, color, to, byLink }. */
  const postSeek = async (page, seek) => {
    await openLobby(page);
    await page.selectOption('#variant', seek.variant ?? 'chess');
    if (seek.days) {
      await page.check('input[name=time][value=correspondence]');
      await page.selectOption('#seek-days', String(seek.days));
    } else {
      await page.fill('#seek-clock', seek.clock ?? '5+3');
      await page.press('#seek-clock', 'Escape'); // closes the list of clocks the field offers
    }
    await page.check(`input[name=rated][value=${seek.rated ? 'rated' : 'casual'}]`);
    await page.check(`input[name=color][value=${seek.color ?? 'random'}]`);
    if (seek.to) await page.fill('#seek-to', seek.to);
    if (seek.byLink) await page.check('#seek-by-link');
    const before = await page.$$eval('#my-seeks li', (l) => l.length);
    await page.click('#post-seek');
    await page.waitForFunction((n) => document.querySelectorAll('#my-seeks li').length === n + 1, before);
    return page.$eval('#my-seeks li', (li) => ({ id: li.dataset.mySeek, link: li.querySelector('input').value }));
  };

  /** Waits for the game page of a lobby game; answers its id. */
  const inGame = async (page) => {
    await page.waitForURL(/\/game\//, { timeout: 15_000 });
    await boardReady(page);
    return new URL(page.url()).pathname.split('/')[2];
  };

  const play = async (page, from, to, ply) => {
    await clickCell(page, from);
    await clickCell(page, to);
    await waitForPly(page, ply);
  };

  const ratingOf = async (page, name) => {
    await page.goto(url(`/player/${name}`));
    await page.waitForSelector('#player-title');
    return page.$eval('#ratings tr[data-family="chess"] td[data-rating]', (td) => Number(td.dataset.rating)).catch(() => null);
  };

  it('signs up, in and out, and names what was wrong: a name taken, a wrong password, a locked account', async () => {
    const { context, page } = await player('/');
    assert.ok(await page.$('#sign-in-link'), 'signed out, the header offers to sign in');
    await signUp(page, 'Dana');
    assert.equal(new URL(page.url()).pathname, '/lobby', 'signing up leads to the lobby');
    await page.click('#sign-out');
    await page.waitForSelector('#account[data-account=""] #sign-in-link');

    await page.goto(url('/signup'));
    await page.fill('#account-name', 'dana');
    await page.fill('#account-password', PASSWORD);
    await page.click('#account-submit');
    await page.waitForFunction(() => /is taken: choose another name/.test(document.querySelector('#account-error').textContent));
    await page.fill('#account-name', 'x');
    await page.click('#account-submit');
    assert.match(await page.textContent('#account-error'), /3 to 20/, 'a bad name is named before anything is sent');

    // Signing in from a page comes back to it.
    await page.goto(url('/player/Dana'));
    await page.waitForSelector('#player-title');
    await page.click('#sign-in-link');
    await page.waitForURL(/\/signin\?next=%2Fplayer%2FDana/);
    await page.fill('#account-name', 'DANA');
    await page.fill('#account-password', 'not the password');
    await page.click('#account-submit');
    await page.waitForFunction(() => document.querySelector('#account-error').textContent === 'Wrong name or password.');
    await page.fill('#account-password', PASSWORD);
    await page.click('#account-submit');
    await page.waitForURL(/\/player\/Dana$/);
    await page.waitForSelector('#account[data-account="Dana"]');
    assert.match(await page.textContent('.player-page'), /this is you/);
    await page.click('#sign-out');
    await page.waitForSelector('#account[data-account=""]');

    // Five wrong passwords lock the account: the right one is refused too, saying when to try again.
    await page.goto(url('/signin'));
    for (let i = 0; i < 5; i++) {
      await page.fill('#account-name', 'Dana');
      await page.fill('#account-password', `wrong ${i}`);
      await page.click('#account-submit');
      await page.waitForFunction(() => !document.querySelector('#account-submit').disabled);
    }
    await page.fill('#account-password', PASSWORD);
    await page.click('#account-submit');
    await page.waitForFunction(() => /locked/.test(document.querySelector('#account-error').textContent));
    assert.match(await page.textContent('#account-error'), /locked for now; try again in 15 min \(at \d\d?:\d\d( [AP]M)?\)/);
    assert.equal(await page.getAttribute('#account', 'data-account'), '', 'still signed out');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  it('changes a password, which signs the other device out, then closes the account, whose page stays marked closed', async () => {
    const laptop = await player('/');
    await signUp(laptop.page, 'Fay');
    const phone = await player('/signin');
    await phone.page.fill('#account-name', 'fay');
    await phone.page.fill('#account-password', PASSWORD);
    await phone.page.click('#account-submit');
    await phone.page.waitForSelector('#account[data-account="Fay"]');

    // From the player's own page to the account page.
    const { page } = laptop;
    await page.goto(url('/player/Fay'));
    await page.click('#account-settings');
    await page.waitForURL(/\/account$/);
    await page.fill('#present-password', PASSWORD);
    await page.fill('#new-password', 'a new secret');
    await page.fill('#new-password-again', 'a new secrett');
    await page.click('#password-submit');
    assert.match(await page.textContent('#password-error'), /differ/, 'a mistyped repetition is named before anything is sent');
    await page.fill('#present-password', 'not the password');
    await page.fill('#new-password-again', 'a new secret');
    await page.click('#password-submit');
    await page.waitForFunction(() => document.querySelector('#password-error').textContent === 'Wrong password.');
    await page.fill('#present-password', PASSWORD);
    await page.click('#password-submit');
    await page.waitForFunction(() => /password is changed/.test(document.querySelector('#password-done').textContent));
    await page.reload();
    await page.waitForSelector('#account[data-account="Fay"]'); // this device has its new session
    await axeCheck(page, 'the account page');
    await phone.page.reload();
    await phone.page.waitForSelector('#account[data-account=""]'); // the other was signed out

    await page.fill('#close-password', 'a new secret');
    await page.click('#close-submit');
    assert.match(await page.textContent('#close-error'), /Tick the box/);
    await page.check('#close-sure');
    await page.click('#close-submit');
    await page.waitForSelector('#account[data-account=""]');
    await page.goto(url('/player/fay'));
    await page.waitForSelector('#account-closed');
    await page.goto(url('/signin'));
    await page.fill('#account-name', 'Fay');
    await page.fill('#account-password', 'a new secret');
    await page.click('#account-submit');
    await page.waitForFunction(() => document.querySelector('#account-error').textContent === 'Wrong name or password.');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(phone.page.errors, []);
    await laptop.context.close();
    await phone.context.close();
  });

  it('plays a rated game from a seek to its end, both land in the game, and both ratings change', async () => {
    const alice = await player();
    const bob = await player();
    await signUp(alice.page, 'Alice');
    await signUp(bob.page, 'Bob');
    assert.equal(await ratingOf(alice.page, 'Alice'), null, 'no rated game yet');

    const seek = await postSeek(alice.page, { variant: 'chess', clock: '5+3', rated: true, color: 'black' });
    // Bob's lobby shows it live: who, the rating, the time, rated, the colour he would play.
    await openLobby(bob.page);
    const row = `#seeks tr[data-seek="${seek.id}"]`;
    await bob.page.waitForSelector(row);
    const text = await bob.page.textContent(row);
    for (const part of ['Alice', '1500', 'Chess', '5+3 blitz', 'Rated', 'White']) assert.ok(text.includes(part), `the seek's row says ${part}: ${text}`);
    assert.ok(await alice.page.$(`#seeks tr[data-seek="${seek.id}"].own [data-cancel]`), 'the seeker sees its own seek with Cancel');
    await axeCheck(bob.page, 'the lobby');
    assert.deepEqual(await bob.page.evaluate(() => window.__csp), [], 'the lobby runs under the CSP');

    await bob.page.click(`${row} [data-accept]`);
    const id = await inGame(bob.page);
    assert.equal(await inGame(alice.page), id, 'the seeker is taken to the same game');
    // Each has a seat: Bob White, Alice Black; names and ratings beside the board, "rated".
    for (const [p, me] of [[bob.page, 'White'], [alice.page, 'Black']]) {
      await p.waitForFunction((who) => document.querySelector('#player-bottom').textContent.includes(`${who} · `), me);
      assert.match(await p.textContent('#player-bottom'), /\(1500\) · you/);
      assert.match(await p.textContent('.board-column'), /White · Bob \(1500\)/);
      assert.match(await p.textContent('.board-column'), /Black · Alice \(1500\)/);
      assert.match(await p.textContent('#setup-line'), /rated/);
    }
    // The game is listed as being played.
    const watcher = await player('/lobby');
    await watcher.page.waitForSelector(`#live-games li[data-game="${id}"]`);
    assert.match(await watcher.page.textContent(`#live-games li[data-game="${id}"]`), /Bob – Alice/);

    // Fool's mate.
    await play(bob.page, 'f2', 'f3', 1);
    await waitForPly(alice.page, 1);
    await play(alice.page, 'e7', 'e5', 2);
    await waitForPly(bob.page, 2);
    await play(bob.page, 'g2', 'g4', 3);
    await waitForPly(alice.page, 3);
    await play(alice.page, 'd8', 'h4', 4);
    for (const p of [alice.page, bob.page]) await p.waitForFunction(() => document.querySelector('#app').dataset.result === '0-1');
    // The game has left the live list; the game page shows each rating now.
    await watcher.page.waitForSelector(`#live-games li[data-game="${id}"]`, { state: 'detached' });
    await alice.page.waitForFunction(() => /Alice \(1500 → \d+\)/.test(document.querySelector('.board-column').textContent));

    // A rematch between accounts is a challenge to the opponent, colours swapped and rated again.
    await alice.page.click('#rematch');
    await alice.page.waitForURL(/\/seek\//);
    await alice.page.waitForSelector('#cancel-seek');
    assert.match(await alice.page.textContent('#seek-title'), /Challenge to Bob/);
    await openLobby(bob.page);
    await bob.page.click('#seeks tr.to-me [data-accept]');
    const rematch = await inGame(bob.page);
    assert.equal(await inGame(alice.page), rematch, 'the challenger, waiting on its page, is taken to the rematch');
    assert.notEqual(rematch, id);
    await alice.page.waitForFunction(() => /^White · Alice \(\d+\) · you/.test(document.querySelector('#player-bottom').textContent));
    assert.match(await bob.page.textContent('#setup-line'), /rated/);

    const aliceRating = await ratingOf(alice.page, 'Alice');
    const bobRating = await ratingOf(alice.page, 'Bob');
    assert.ok(aliceRating > 1500, `the winner's rating rose: ${aliceRating}`);
    assert.ok(bobRating < 1500, `the loser's fell: ${bobRating}`);
    assert.match(await alice.page.textContent('#ratings'), /± \d+/);
    // The finished game is on Bob's page, and its link replays it.
    await bob.page.goto(url('/player/Bob'));
    await bob.page.waitForSelector(`#finished tr[data-game="${id}"]`);
    assert.match(await bob.page.textContent(`#finished tr[data-game="${id}"]`), /Lost.*0-1 · checkmate/);
    await bob.page.click(`#finished tr[data-game="${id}"] a[href^="/game/"]`);
    await boardReady(bob.page);
    await waitForPly(bob.page, 4);
    assert.deepEqual([...alice.page.errors, ...bob.page.errors, ...watcher.page.errors], []);
    for (const p of [alice, bob, watcher]) await p.context.close();
  });

  it('keeps a correspondence game across a server restart, listed as "your move" for the player to move, with a private note', async () => {
    const erin = await player();
    const finn = await player();
    await signUp(erin.page, 'Erin');
    await signUp(finn.page, 'Finn');
    const seek = await postSeek(erin.page, { variant: 'chess', days: 3, color: 'white' });
    await openLobby(finn.page);
    await finn.page.click(`#seeks tr[data-seek="${seek.id}"] [data-accept]`);
    const id = await inGame(finn.page);
    await inGame(erin.page);
    assert.match(await erin.page.textContent('#setup-line'), /casual · 3 days per move/);
    assert.match(await erin.page.textContent('#deadline'), /^Your move: move by .* \(2 days 23 h left\)$/);
    await play(erin.page, 'e2', 'e4', 1);
    await finn.page.waitForFunction(() => /^Your move: move by/.test(document.querySelector('#deadline').textContent));

    const port = session.server.port;
    await session.server.kill9();
    session.server = await startServer({ db: session.db, port, args: ['--logins-per-minute', '0'] });

    // After the restart: Finn's move, by his list and his header's count; Erin waits.
    await finn.page.goto(url('/your-games'));
    await finn.page.waitForSelector(`#your-move li[data-game="${id}"]`);
    assert.match(await finn.page.textContent(`#your-move li[data-game="${id}"]`), /as Black against Erin.*3 days per move · casual · move 1.*move by .* left/);
    assert.equal(await finn.page.textContent('#your-games-link .badge'), '(your move in 1)');
    await erin.page.goto(url('/your-games'));
    await erin.page.waitForSelector(`#their-move li[data-game="${id}"]`);
    assert.equal(await erin.page.$(`#your-move li[data-game="${id}"]`), null);
    assert.equal(await erin.page.$('#your-games-link .badge'), null, 'no count where it is nobody’s move of yours');

    // Finn opens it from the list, keeps a note, plays; the note stays his own.
    await finn.page.click(`#your-move li[data-game="${id}"] a[href^="/game/"]`);
    await boardReady(finn.page);
    await waitForPly(finn.page, 1);
    await finn.page.fill('#note-text', 'Answer 1.e4 with the Sicilian');
    await finn.page.click('#save-note');
    await finn.page.waitForFunction(() => document.querySelector('#note-status').textContent === 'Saved');
    await play(finn.page, 'c7', 'c5', 2);
    await finn.page.reload();
    await boardReady(finn.page);
    assert.equal(await finn.page.inputValue('#note-text'), 'Answer 1.e4 with the Sicilian');
    // Erin on another device: signed in, her seat follows her without any token.
    const device = await player();
    await device.page.goto(url('/signin'));
    await device.page.fill('#account-name', 'Erin');
    await device.page.fill('#account-password', PASSWORD);
    await device.page.click('#account-submit');
    await device.page.waitForSelector('#account[data-account="Erin"] #your-games-link .badge');
    await device.page.click('#your-games-link');
    await device.page.click(`#your-move li[data-game="${id}"] a[href^="/game/"]`);
    await boardReady(device.page);
    await waitForPly(device.page, 2);
    assert.equal(new URL(device.page.url()).search, '', 'no token in the address');
    assert.match(await device.page.textContent('#player-bottom'), /White · Erin \(1500\) · you/);
    assert.match(await device.page.textContent('#deadline'), /^Your move/);
    assert.equal(await device.page.inputValue('#note-text'), '', "the opponent never reads another seat's note");
    await play(device.page, 'g1', 'f3', 3);
    await waitForPly(finn.page, 3);
    assert.deepEqual([...erin.page.errors, ...finn.page.errors, ...device.page.errors], []);
    await device.context.close();
    await erin.context.close();
    await finn.context.close();
  });

  it('takes a challenge by link, accepted from a third browser context, to the game; the link then says so', async () => {
    const gina = await player();
    const hugo = await player();
    const third = await player('/'); // no account
    await signUp(gina.page, 'Gina');
    await signUp(hugo.page, 'Hugo');
    const seek = await postSeek(gina.page, { variant: 'chess', clock: '10+5', color: 'white', byLink: true });
    assert.equal(seek.link, url(`/seek/${seek.id}`));
    // Not listed: another player's lobby does not show it.
    await openLobby(hugo.page);
    await hugo.page.waitForFunction(() => document.querySelector('#app').dataset.seeks !== undefined);
    assert.equal(await hugo.page.$(`#seeks tr[data-seek="${seek.id}"]`), null, 'a challenge by link is not listed');

    await third.page.goto(seek.link);
    await third.page.waitForSelector('#accept-seek');
    const facts = await third.page.textContent('.seek-facts');
    for (const part of ['Gina', '10+5 rapid', 'Casual', 'Black']) assert.ok(facts.includes(part), `the challenge says ${part}: ${facts}`);
    await axeCheck(third.page, 'a challenge page');
    assert.deepEqual(await third.page.evaluate(() => window.__csp), [], 'a challenge page runs under the CSP');
    await third.page.click('#accept-seek');
    const id = await inGame(third.page);
    assert.equal(await inGame(gina.page), id, 'the challenger, waiting in the lobby, is taken to the game');
    assert.match(await third.page.textContent('#player-bottom'), /Black · you/);
    assert.ok(new URL(third.page.url()).searchParams.get('token'), 'the accepter without an account holds its seat by its token');
    await play(gina.page, 'e2', 'e4', 1);
    await play(third.page, 'e7', 'e5', 2);

    // The link now leads to the game, to watch.
    await hugo.page.goto(seek.link);
    await hugo.page.waitForSelector('#watch-game');
    await hugo.page.click('#watch-game');
    await boardReady(hugo.page);
    await waitForPly(hugo.page, 2);
    assert.match(await hugo.page.textContent('#status'), /watching/);

    // A challenge to a named player is that player's alone.
    const named = await postSeek(gina.page, { variant: 'chess', clock: '3+2', to: 'Hugo' });
    await third.page.goto(named.link);
    await third.page.waitForSelector('.seek-facts');
    assert.match(await third.page.textContent('#seek-body'), /This challenge is for Hugo\. Sign in/);
    assert.equal(await third.page.$('#accept-seek'), null);
    await openLobby(hugo.page);
    await hugo.page.waitForSelector(`#seeks tr[data-seek="${named.id}"].to-me [data-accept]`);
    assert.match(await hugo.page.textContent(`#notice [data-challenge="${named.id}"]`), /^Gina challenges you \(3\+2 blitz\)$/, 'the header tells of it on every page');
    // Withdrawn, its link says it is gone.
    await gina.page.click(`#my-seeks li[data-my-seek="${named.id}"] [data-cancel]`);
    await hugo.page.waitForSelector(`#seeks tr[data-seek="${named.id}"]`, { state: 'detached' });
    await third.page.reload();
    await third.page.waitForFunction(() => document.querySelector('#app').dataset.seekStatus === 'gone');
    assert.match(await third.page.textContent('#seek-body'), /withdrew it, or it expired/);
    assert.deepEqual([...gina.page.errors, ...hugo.page.errors, ...third.page.errors], []);
    for (const p of [gina, hugo, third]) await p.context.close();
  });

  it('plays without an account: an anonymous seek, its seeker away when it is accepted, taken to the game on coming back', async () => {
    const ivy = await player();
    const jack = await player();
    assert.equal(await ivy.page.getAttribute('#account', 'data-account'), '');
    const seek = await postSeek(ivy.page, { variant: 'chess', clock: '5+0', color: 'black' });
    assert.equal(await ivy.page.isDisabled('#seek-rated'), true, 'rated needs an account');
    // Ivy goes elsewhere; Jack accepts meanwhile.
    await ivy.page.goto(url('/rules/chess66'));
    await openLobby(jack.page);
    await jack.page.click(`#seeks tr[data-seek="${seek.id}"] [data-accept]`);
    const id = await inGame(jack.page);
    // Back in the lobby, Ivy's page claims its seek with the token it kept and goes to the game.
    await ivy.page.goto(url('/lobby'));
    assert.equal(await inGame(ivy.page), id);
    assert.match(await ivy.page.textContent('#player-bottom'), /Black · you/);
    await play(jack.page, 'd2', 'd4', 1);
    await play(ivy.page, 'd7', 'd5', 2);
    // The game is among this browser's games on the start page, as games made there are.
    await ivy.page.goto(url('/'));
    await ivy.page.waitForSelector(`#stored-games a[href*="${id}"]`);
    // A game made from the new-game dialog still goes by its links, without any account.
    await ivy.page.waitForSelector('#variant option[value="chess"]', { state: 'attached' });
    await ivy.page.selectOption('#variant', 'chess');
    await ivy.page.check('input[name=mode][value=local]');
    await ivy.page.click('#start');
    await boardReady(ivy.page);
    await play(ivy.page, 'e2', 'e4', 1);
    assert.deepEqual([...ivy.page.errors, ...jack.page.errors], []);
    await ivy.context.close();
    await jack.context.close();
  });
});
