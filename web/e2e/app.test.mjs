// End-to-end tests: the built front end in Debian's Chromium against the real `menagerie serve`.
// Run with `npm run e2e` (after `npm run build` and the C++ build); fails, saying what is
// missing, when either is not there.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boardReady, cellPoint, clickCell, dragCell, movesText, newPage, shownPly, waitForPly } from './browser.mjs';
import { startServer } from './server.mjs';
import { browserSession } from './session.mjs';

describe('menagerie web app', { timeout: 10 * 60_000 }, () => {
  const session = browserSession();
  const { api, stateOf } = session;

  /** Creates a game through the API; opens its page; returns { page, created }. */
  const openGame = async (game, ctx = session.context) => {
    const { status, json: created, text } = await api('/api/games', { options: {}, ...game });
    assert.equal(status, 201, text);
    const token = created.tokens.both ?? created.tokens.white ?? created.tokens.black;
    const page = await newPage(ctx);
    await page.goto(`${session.server.url}/game/${created.id}?token=${token}`);
    await boardReady(page);
    await waitForPly(page, 0);
    return { page, created, token };
  };

  it("shows each piece type in the legend, with a diagram of its moves", async () => {
    // The rules page's legend has the whole family (a game's has its own types: comfort.test.mjs).
    const page = await newPage(session.context);
    await page.goto(`${session.server.url}/rules/chess2016`);
    await page.waitForSelector('.legend-item');
    const { json: board } = await api('/api/board?variant=chess2016');
    assert.equal(await page.$$eval('.legend-item', (l) => l.length), board.pieces.length);
    // Each type has a drawing of its own: a symbol that is not the fallback (the base with one
    // disc), and no two types share one.
    const drawings = await page.$$eval('.legend-glyph use', (uses) => {
      const byId = new Map();
      for (const u of uses) {
        const href = u.getAttribute('href');
        const symbol = document.getElementById(href.slice(1));
        const parts = symbol ? [...symbol.children] : [];
        if (!symbol) byId.set(href, `missing ${href}`);
        else byId.set(href, parts.length === 2 && parts[1].tagName === 'circle' ? `fallback ${symbol.id}` : symbol.innerHTML);
      }
      return [...byId.values()];
    });
    assert.equal(drawings.length, board.pieces.length, 'one drawing per type');
    assert.deepEqual(drawings.filter((d) => /^(missing|fallback) /.test(d)), [], 'every legend glyph has its own drawing');
    assert.equal(new Set(drawings).size, drawings.length, 'no two types drawn alike');
    await page.click('.legend-item[data-token="N"] summary');
    await page.waitForSelector('.legend-item[data-token="N"] .diagram [data-reach]');
    assert.equal(await page.$$eval('.legend-item[data-token="N"] [data-reach]', (r) => r.length), 8);
    await page.close();
  });

  it('starts from rolled dice, and from a chosen array', async () => {
    const page = await newPage(session.context);
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="chess2016"]', { state: 'attached' });
    await page.selectOption('#variant', 'chess2016');
    const rolls = [];
    page.on('request', (r) => r.url().includes('/api/roll') && rolls.push(r.url()));
    await page.check('input[name=setup-way][value=dice]');
    await page.waitForSelector('#roll-result .die');
    // Choosing "roll" fires both change and input; one roll must be asked for, or a second reply
    // would replace the dice on screen with others.
    await page.waitForLoadState('networkidle');
    assert.equal(rolls.length, 1, 'one roll request');
    assert.equal(await page.$$eval('#roll-result .die', (d) => d.length), 5, 'three white dice, a green and a red');
    const rolled = await page.textContent('#roll-result code');
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    assert.match(await page.textContent('#setup-line'), new RegExp(`setup ${rolled.replace(/[.]/g, '\\.')}`));

    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="contemporary"]', { state: 'attached' });
    await page.selectOption('#variant', 'contemporary');
    await page.check('input[name=setup-way][value=chosen]');
    await page.fill('input[name=setup-id]', 'RBNBKQNR');
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    const rank1 = await page.$$eval('svg.board [data-piece]', (men) =>
      Object.fromEntries(men.map((m) => [m.getAttribute('data-piece'), m.getAttribute('data-token')])),
    );
    assert.equal(['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1'].map((c) => rank1[c]).join(''), 'RBNBKQNR');
    await page.close();
  });

  it('starts from a setup typed by number', async () => {
    const page = await newPage(session.context);
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="placement"]', { state: 'attached' });
    await page.selectOption('#variant', 'placement');
    await page.check('input[name=setup-way][value=chosen]');
    await page.fill('input[name=setup-id]', '5');
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    const { json: setups } = await api('/api/setups?variant=placement');
    const five = setups.find((s) => s.id === '5');
    assert.ok(five, 'placement has a setup 5');
    const state = await stateOf(page);
    assert.equal(state.start_fen, five.fen);
    assert.match(await page.textContent('#setup-line'), /setup 5/);
    const rank1 = await page.$$eval('svg.board [data-piece$="1"]', (men) => men.map((m) => [m.getAttribute('data-piece'), m.getAttribute('data-token')]).sort().map((m) => m[1]).join(''));
    assert.equal(rank1, five.fen.split(' ')[0].split('/')[7], "White's array as numbered");
    await page.close();
  });

  it('loads a FEN from the start page and from the game page, and copies the FEN', async () => {
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.url });
    const page = await newPage(session.context);
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#import-variant option[value="chess66"]', { state: 'attached' });
    await page.selectOption('#import-variant', 'chess66');
    await page.fill('#import-text', 'not a FEN');
    await page.click('#load-fen');
    await page.waitForFunction(() => document.querySelector('#import-error')?.textContent);
    assert.match(await page.textContent('#import-error'), /Not loaded/);
    assert.equal(new URL(page.url()).pathname, '/', 'no game made');
    const fen = 'r2k3r/pppppppp/8/9/9/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    await page.fill('#import-text', fen);
    await page.click('#load-fen');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    const first = await stateOf(page);
    assert.equal(first.variant, 'chess66');
    assert.equal(first.start_fen, fen);
    assert.equal(await page.$eval('svg.board [data-piece="d8"]', (g) => g.getAttribute('data-token')), 'K');
    assert.equal(await page.$('svg.board [data-piece="e8"]'), null);

    // From the game page: the same game, another position.
    const next = 'k7/4P3/8/9/9/8/8/K7 w - - 0 1';
    await page.fill('#fen-input', next);
    await page.click('#load-fen');
    await page.waitForURL((url) => !url.pathname.endsWith(first.id));
    await page.waitForSelector('svg.board [data-piece="e7"]');
    const second = await stateOf(page);
    assert.notEqual(second.id, first.id);
    assert.equal(second.start_fen, next);
    assert.equal(await page.$$eval('svg.board [data-piece]', (m) => m.length), 3);

    // Copy FEN: the clipboard holds the position shown.
    assert.equal(await page.inputValue('#fen-text'), second.fen);
    await page.click('#copy-fen');
    await page.waitForSelector('#status[data-copied="FEN"]');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), second.fen);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('marks the last move, shows coordinates, flips, takes back, and resumes from the stored games', async () => {
    const page = await newPage(session.context);
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="chess"]', { state: 'attached' });
    await page.selectOption('#variant', 'chess');
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    const gameUrl = page.url();
    // Coordinates: the files and ranks written on the board.
    const labels = await page.$$eval('svg.board text.coord', (t) => t.map((x) => x.textContent));
    for (const l of ['a', 'h', '1', '8']) assert.ok(labels.includes(l), `coordinate ${l} shown (${labels.join(' ')})`);
    assert.equal(await page.$('svg.board .last-move'), null, 'no last move at the start');
    await clickCell(page, 'e2');
    await clickCell(page, 'e4');
    await waitForPly(page, 1);
    const marked = await page.$$eval('svg.board .last-move', (m) => m.map((x) => x.getAttribute('data-mark')).sort());
    assert.deepEqual(marked, ['e2', 'e4']);

    // Flip: Black's side at the bottom; e2 is drawn higher up than before, the labels stay.
    const [, yBefore] = await cellPoint(page, 'e2');
    assert.equal(await page.$eval('svg.board', (s) => s.getAttribute('data-orientation')), 'white');
    await page.click('#flip');
    await page.waitForSelector('svg.board[data-orientation="black"]');
    const [, yAfter] = await cellPoint(page, 'e2');
    assert.ok(yAfter < yBefore, `e2 moved up (${yBefore} -> ${yAfter})`);
    assert.ok((await page.$$eval('svg.board text.coord', (t) => t.length)) > 0, 'coordinates after the flip');
    await page.click('#flip');
    await page.waitForSelector('svg.board[data-orientation="white"]');

    // Take back: e7-e5 is undone, on the board, the record and the server.
    await dragCell(page, 'e7', 'e5');
    await waitForPly(page, 2);
    await page.click('#takeback');
    await waitForPly(page, 1);
    assert.deepEqual(await movesText(page), ['e4']);
    assert.ok(await page.$('svg.board [data-piece="e7"]'), 'the pawn is back on e7');
    assert.equal(await page.$('svg.board [data-piece="e5"]'), null);
    assert.equal((await stateOf(page)).ply, 1);

    // The start page lists the game; its link resumes it where it stands.
    await page.goto(session.server.url + '/');
    const id = new URL(gameUrl).pathname.split('/')[2];
    const link = page.locator(`#stored-games a[href^="/game/${id}"]`);
    await link.waitFor();
    assert.match(await link.textContent(), /chess · local · both/);
    await page.waitForFunction((gid) => {
      const a = document.querySelector(`#stored-games a[href^="/game/${gid}"]`);
      return a?.parentElement?.textContent.includes('ply 1');
    }, id);
    await link.click();
    await page.waitForURL(gameUrl);
    await boardReady(page);
    await waitForPly(page, 1);
    assert.deepEqual(await movesText(page), ['e4']);
    await clickCell(page, 'e7');
    await clickCell(page, 'e5');
    await waitForPly(page, 2);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('moves by click and by drag, and refuses an illegal move', async () => {
    const { page, created, token } = await openGame({ variant: 'chess', mode: 'local' });
    await clickCell(page, 'e2');
    assert.ok(await page.$('[data-hint="e4"]'), 'e4 is hinted for the pawn on e2');
    assert.equal(await page.$('[data-hint="e5"]'), null, 'e5 is not');
    await clickCell(page, 'e5'); // not a target: nothing is played
    await page.waitForTimeout(300);
    assert.equal(await shownPly(page), 0);
    await clickCell(page, 'e2');
    await clickCell(page, 'e4');
    await waitForPly(page, 1);
    await dragCell(page, 'e7', 'e5');
    await waitForPly(page, 2);
    await dragCell(page, 'g1', 'g5'); // not a knight's move: refused
    await page.waitForTimeout(300);
    assert.equal(await shownPly(page), 2);
    assert.deepEqual(await movesText(page), ['e4', 'e5']);
    // The server refuses an illegal or stale move too, with a sentence, and changes nothing.
    const illegal = await api(`/api/games/${created.id}/move`, { token, move: 'e1e3', ply: 2 });
    assert.ok(illegal.status >= 400 && illegal.status < 500 && illegal.json?.error, illegal.text);
    const stale = await api(`/api/games/${created.id}/move`, { token, move: 'g1f3', ply: 1 });
    assert.equal(stale.status, 409, stale.text);
    await page.close();
  });

  it("enters Chess 66's switches on 4 and a4, 5 and h5 (distinct targets)", async () => {
    const cases = [
      ['4', '5', 'click'],
      ['a4', 'h5', 'drag'],
    ];
    for (const [white, black, how] of cases) {
      const { page } = await openGame({ variant: 'chess66', mode: 'local' });
      await clickCell(page, 'a2');
      assert.ok(await page.$('[data-hint="4"]'), 'the field 4 is a target');
      assert.ok(await page.$('[data-hint="a4"]'), 'a4 is a target');
      await clickCell(page, white);
      await waitForPly(page, 1);
      await clickCell(page, 'h7');
      assert.ok(await page.$('[data-hint="5"]'), 'the field 5 is a target');
      assert.ok(await page.$('[data-hint="h5"]'), 'h5 is a target');
      await clickCell(page, 'h7'); // deselect, then play by the other way
      if (how === 'click') {
        await clickCell(page, 'h7');
        await clickCell(page, black);
      } else {
        await dragCell(page, 'h7', black);
      }
      await waitForPly(page, 2);
      for (const cell of [white, black])
        assert.equal(await page.$eval(`svg.board [data-piece="${cell}"]`, (g) => g.getAttribute('data-token')), 'P', cell);
      const record = await movesText(page);
      assert.equal(record.length, 2);
      await page.close();
    }
  });

  it('ends a game by mate, with the check shown and the result', async () => {
    const { page } = await openGame({ variant: 'chess', mode: 'local' });
    const moves = [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']];
    for (const [i, [from, to]] of moves.entries()) {
      await clickCell(page, from);
      await clickCell(page, to);
      await waitForPly(page, i + 1);
    }
    await page.waitForFunction(() => document.querySelector('#app')?.dataset.status === 'over');
    assert.equal(await page.evaluate(() => document.querySelector('#app').dataset.result), '0-1');
    assert.ok(await page.$('svg.board .check[data-mark="e1"]'), 'the mated king is marked');
    assert.match(await page.textContent('#status'), /0-1/);
    await clickCell(page, 'e2');
    assert.equal(await page.$('[data-hint]'), null, 'no moves after the end');
    // The record steps back through the positions this page saw, and forward again.
    await page.click('[data-nav=back]');
    await page.waitForSelector('.board-wrap[data-view-ply="3"]');
    assert.equal(await page.$('svg.board [data-piece="h4"]'), null, 'the queen is not on h4 yet');
    await page.click('#moves [data-ply="1"]');
    await page.waitForSelector('.board-wrap[data-view-ply="1"]');
    assert.ok(await page.$('svg.board [data-piece="f3"]'));
    assert.ok(await page.$('svg.board [data-piece="e7"]'));
    await page.click('[data-nav=last]');
    await page.waitForSelector('.board-wrap[data-view-ply="4"]');
    assert.ok(await page.$('svg.board [data-piece="h4"]'));
    await page.close();
  });

  it('analyses: evaluation bar and best line', async () => {
    const { page } = await openGame({ variant: 'chess66', mode: 'analysis' });
    await page.waitForFunction(() => document.querySelector('#eval-bar')?.dataset.score, null, { timeout: 20_000 });
    assert.match(await page.textContent('#pv'), /depth \d+/);
    await page.close();
  });

  it("plays Placement's relocation phase on the board", async () => {
    const { page } = await openGame({ variant: 'placement', mode: 'local' });
    await clickCell(page, 'e8');
    assert.match(await page.textContent('.board-caption'), /Click e8 again: K<>e8/);
    for (const cell of ['b8', 'c8', 'd8', 'g8']) assert.ok(await page.$(`[data-hint="${cell}"]`), `K<>${cell} offered`);
    await clickCell(page, 'd8');
    await waitForPly(page, 1);
    assert.equal(await page.$eval('svg.board [data-piece="d8"]', (g) => g.getAttribute('data-token')), 'K');
    assert.equal(await page.$eval('svg.board [data-piece="d1"]', (g) => g.getAttribute('data-token')), 'K', "White's array follows");
    await clickCell(page, 'e1'); // White's queen, now on e1, keeps its place
    await clickCell(page, 'e1');
    await waitForPly(page, 2);
    assert.deepEqual(await movesText(page), ['K<>d8', 'Q<>e1']);
    await page.close();
  });

  it('plays online from two browsers; a wrong token cannot move', async () => {
    const white = await newPage(session.context);
    await white.goto(session.server.url + '/');
    await white.waitForSelector('#variant option[value="chess"]', { state: 'attached' });
    await white.selectOption('#variant', 'chess');
    await white.check('input[name=mode][value=online]');
    await white.selectOption('select[name=clock]', '300000/3000');
    await white.click('#start');
    await white.waitForURL(/\/game\//);
    await white.waitForSelector('[data-link=black]');
    const blackLink = await white.$eval('[data-link=black]', (i) => i.value);
    const spectatorLink = await white.$eval('[data-link=spectator]', (i) => i.value);
    assert.match(blackLink, /token=/);
    const otherBrowser = await session.browser.newContext();
    const black = await newPage(otherBrowser);
    await black.goto(blackLink);
    await boardReady(black);
    assert.equal(await black.$eval('svg.board', (s) => s.getAttribute('data-orientation')), 'black');
    assert.ok(await white.$('[data-clock=white]'), 'clocks are shown');

    const thirdBrowser = await session.browser.newContext();
    const intruder = await newPage(thirdBrowser);
    const wrong = new URL(spectatorLink);
    wrong.searchParams.set('token', 'not-a-real-token');
    await intruder.goto(wrong.toString());
    await boardReady(intruder);

    await clickCell(white, 'e2');
    await clickCell(white, 'e4');
    await waitForPly(black, 1);
    await clickCell(intruder, 'e7');
    assert.equal(await intruder.$('[data-hint]'), null, 'no moves offered to a wrong token');
    const id = new URL(blackLink).pathname.split('/')[2];
    const refused = await api(`/api/games/${id}/move`, { token: 'not-a-real-token', move: 'e7e5', ply: 1 });
    assert.ok(refused.status >= 400 && refused.status < 500, refused.text);
    await clickCell(black, 'e7');
    await clickCell(black, 'e5');
    await waitForPly(white, 2);
    await waitForPly(intruder, 2);
    await otherBrowser.close();
    await thirdBrowser.close();
    await white.close();
  });

  it('resumes the game after the server is killed with kill -9 and restarted', async () => {
    const { page } = await openGame({ variant: 'chess56', mode: 'local' });
    const first = await page.evaluate(async () => {
      const url = new URL(window.location.href);
      const r = await fetch(`/api/games/${url.pathname.split('/')[2]}?token=${url.searchParams.get('token')}`);
      return (await r.json()).legal.find((m) => m.from !== m.to);
    });
    await clickCell(page, first.from);
    await clickCell(page, first.to);
    await waitForPly(page, 1);
    const port = session.server.port;
    await session.server.kill9();
    await page.waitForFunction(() => document.querySelector('#app')?.classList.contains('offline'), null, { timeout: 15_000 });
    session.server = await startServer({ db: session.db, port });
    // The page reconnects by itself and shows the acknowledged move; then the game goes on.
    await page.waitForFunction(() => !document.querySelector('#app')?.classList.contains('offline'), null, { timeout: 20_000 });
    await waitForPly(page, 1);
    const second = await page.evaluate(async () => {
      const url = new URL(window.location.href);
      const r = await fetch(`/api/games/${url.pathname.split('/')[2]}?token=${url.searchParams.get('token')}`);
      return (await r.json()).legal.find((m) => m.from !== m.to);
    });
    await clickCell(page, second.from);
    await clickCell(page, second.to);
    await waitForPly(page, 2);
    await page.reload();
    await page.waitForSelector('svg.board [data-cell]');
    await waitForPly(page, 2);
    await page.close();
  });
});
