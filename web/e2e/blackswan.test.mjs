// Black Swan in the browser: the server referees a game with a seed fixed by the test-only
// `--test-seed`, and the page shows the commitment, the players' contributions to the
// randomness, face-down swans, reveals, the choice of the event's piece that stays, the placement
// of the other, and the seed after a resignation. The contributions typed below are chosen so
// that, mixed with seed 1, White's e2 swan is an event that draws a rook and a pawn; the browser's
// own contributions are fresh randomness. Every WebSocket message and API answer the page
// receives is read: none carries a referee's FEN, and none carries the seed before the game is
// over.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { boardReady, clickCell, newPage, waitForPly } from './browser.mjs';
import { binary } from './server.mjs';
import { browserSession } from './session.mjs';

const SEED_HEX = '0'.repeat(63) + '1';
// Mixed with seed 1, each pair draws a 2+ event of a rook and a pawn for White's e2 swan.
const WHITE_GIVES = "white's own: 7 dice, 1 coin";
const BLACK_GIVES = 'Black ~ 42 ~ !#$%&()*+,-./:;<=>?@[]^_`{|}';
const ALONE_GIVES = 'my own 1418'; // White's, with none from Black (the engine gives none)
// What the browser gives by itself: 43 symbols of its secure random source.
const FRESH = /^[A-Za-z0-9_-]{43}$/;

/** Every "fen"/"start_fen" value anywhere in a JSON value. */
function fens(value, out = []) {
  if (Array.isArray(value)) for (const v of value) fens(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'fen' || k === 'start_fen') && typeof v === 'string') out.push(v);
      else fens(v, out);
    }
  return out;
}

describe('Black Swan in the web app', { timeout: 5 * 60_000 }, () => {
  const session = browserSession({ args: ['--test-seed', '1'] });

  it('plays a refereed game: commitment, face-down swans, reveals, a stay and a placement, the seed', async () => {
    const page = await newPage(session.context);
    // The cells of the men the board animates, one entry per animation started.
    await page.addInitScript(() => {
      const animate = Element.prototype.animate;
      window.animatedCells = [];
      Element.prototype.animate = function (...args) {
        window.animatedCells.push(this.closest('[data-piece]')?.getAttribute('data-piece'));
        return animate.apply(this, args);
      };
    });
    // Everything the page receives from the server, in order: WebSocket frames and API answers.
    const received = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push({ via: 'ws', text: String(f.payload) })));
    page.on('response', async (r) => {
      if (!r.url().includes('/api/games')) return;
      try {
        received.push({ via: 'http', text: await r.text() });
      } catch {
        // A response without a body (a redirect): nothing to read.
      }
    });

    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="blackswan"]', { state: 'attached' });
    await page.selectOption('#variant', 'blackswan');
    assert.match(await page.textContent('#setup'), /commitment/);
    // Engine mode is offered exactly when the server's engine plays the game.
    const variants = (await session.api('/api/variants')).json;
    const engine = variants.find((v) => v.name === 'blackswan').engine;
    assert.equal(typeof engine, 'boolean');
    assert.equal(await page.$eval('input[name=mode][value=engine]', (r) => r.disabled), !engine);
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    await waitForPly(page, 0);

    // Before move 1: the commitment, and 30 face-down swans drawn with the swan glyph.
    const commitment = (await page.textContent('#referee .commitment')).trim();
    assert.match(commitment, /^[0-9a-f]{64}$/);
    assert.equal(await page.$$eval('svg.board [data-token="S"]', (s) => s.length), 30);
    assert.ok(await page.$('#glyph-swan'), 'the face-down swan has its own drawing');
    assert.match(await page.textContent('#referee'), /seed is shown when the game ends/);
    assert.match(await page.textContent('[data-unseen="white"]'), /8×P/);

    // The one seat of a local game may give both sides' randomness: typed here, given with the
    // first move.
    assert.match(await page.textContent('#referee [data-contribution="white"]'), /not yet/);
    assert.ok(await page.isVisible('#contribute input[data-side="white"]'));
    assert.ok(await page.isVisible('#contribute input[data-side="black"]'));
    await page.fill('#contribute input[data-side="white"]', WHITE_GIVES);
    await page.fill('#contribute input[data-side="black"]', BLACK_GIVES);

    // e2-e4 turns over the event: a rook and a pawn. The rook, drawn first, holds e4 while White
    // chooses which of the two stays there.
    await clickCell(page, 'e2');
    await clickCell(page, 'e4');
    await waitForPly(page, 1);
    assert.equal(await page.textContent('#referee code[data-contribution="white"]'), WHITE_GIVES);
    assert.equal(await page.textContent('#referee code[data-contribution="black"]'), BLACK_GIVES);
    assert.ok(await page.isHidden('#contribute'), 'contributions close with the first move');
    await page.waitForSelector('#referee [data-reveal="1"]');
    assert.match(await page.textContent('#referee [data-reveal="1"]'), /event: 2 pieces, pawns possible \(rook, pawn\)/);
    assert.match(await page.textContent('#status'), /Choose the drawn piece that stays on e4 \(rook or pawn\): click e4/);
    assert.equal(await page.getAttribute('#phase-help', 'data-phase'), 'stay');
    // The board rings the man just turned over and flips it once (one running animation).
    assert.equal(await page.getAttribute('svg.board .reveal', 'data-mark'), 'e4');
    assert.deepEqual(await page.evaluate(() => window.animatedCells), ['e4']);
    assert.equal(await page.getAttribute('svg.board [data-piece="e4"]', 'data-token'), 'R');
    const stay = await page.$$eval('svg.board .hint.placement', (h) => h.map((e) => e.getAttribute('data-hint')));
    assert.deepEqual(stay, ['e4']);
    assert.match(await page.textContent('[data-unseen="white"]'), /^White unseen: 8×P 2×N 2×B 2×R 2×Q 1×2- 1×3\+ 1×3-$/);
    // A click on e4 asks which piece stays: the pawn does, and the rook is owed.
    await clickCell(page, 'e4');
    await page.waitForSelector('.chooser:not([hidden]) [data-uci]');
    assert.match(await page.textContent('.chooser .chooser-title'), /Which drawn piece stays on e4\?/);
    const offered = await page.$$eval('.chooser [data-uci]', (b) => b.map((x) => x.getAttribute('data-uci')).sort());
    assert.deepEqual(offered, ['P@e4', 'R@e4']);
    await page.click('.chooser [data-uci="P@e4"]');
    await waitForPly(page, 2);
    assert.equal(await page.getAttribute('svg.board [data-piece="e4"]', 'data-token'), 'P');
    assert.match(await page.textContent('#status'), /Place the drawn rook/);
    const candidates = await page.$$eval('svg.board .hint.placement', (h) => h.map((e) => e.getAttribute('data-hint')).sort());
    assert.deepEqual(candidates, ['d3', 'd4', 'e3', 'f3', 'f4']);
    await clickCell(page, 'd3');
    await waitForPly(page, 3);
    assert.equal(await page.getAttribute('svg.board [data-piece="d3"]', 'data-token'), 'R');
    assert.equal(await page.getAttribute('svg.board [data-piece="e4"]', 'data-token'), 'P');

    // Black's d7 swan, turned over on d5.
    await clickCell(page, 'd7');
    await clickCell(page, 'd5');
    await waitForPly(page, 4);
    await page.waitForSelector('#referee [data-reveal="4"]');
    assert.notEqual(await page.getAttribute('svg.board [data-piece="d5"]', 'data-token'), 'S');
    assert.equal(await page.getAttribute('svg.board .reveal', 'data-mark'), 'd5');
    assert.deepEqual(await page.evaluate(() => window.animatedCells), ['e4', 'd5'], 'each reveal flipped once');
    assert.ok(await page.$eval('#takeback', (b) => b.disabled), 'no takeback in a refereed game');

    // Resign: the game ends and the seed is shown with how to check it.
    await page.click('#resign');
    await page.waitForSelector('#referee .seed');
    assert.equal((await page.textContent('#referee .seed')).trim(), SEED_HEX);
    assert.match(await page.textContent('#referee .verify-how'), /menagerie verify/);
    assert.deepEqual(page.errors, []);

    // The exported record passes `menagerie verify`.
    const id = new URL(page.url()).pathname.split('/').pop();
    const pgn = (await session.api(`/api/games/${id}/pgn`)).text;
    assert.match(pgn, new RegExp(`\\[Commitment "${commitment}"\\]`));
    assert.ok(pgn.includes(`[WhiteContribution "${WHITE_GIVES}"]`), pgn);
    assert.ok(pgn.includes(`[BlackContribution "${BLACK_GIVES}"]`), pgn);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'menagerie-swan-')), 'game.pgn');
    writeFileSync(file, pgn);
    const verify = spawnSync(binary, ['verify', file], { encoding: 'utf8' });
    assert.equal(verify.status, 0, verify.stdout + verify.stderr);

    // No message leaked: no referee FEN anywhere, and the seed only once the game was over.
    await page.waitForFunction(() => document.querySelector('#app')?.dataset.status === 'over');
    assert.ok(received.filter((m) => m.via === 'ws').length >= 4, `${received.length} messages`);
    let over = false;
    for (const { via, text } of received) {
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: checked as text below.
      }
      const state = json?.state ?? json;
      if (state?.status === 'over') over = true;
      for (const fen of fens(json)) assert.ok(!fen.includes("'"), `a referee's FEN via ${via}: ${fen}`);
      assert.ok(!text.includes("'/"), `a referee's board via ${via}: ${text}`);
      if (!over) {
        assert.ok(!text.includes(SEED_HEX), `the seed before the end via ${via}: ${text}`);
        assert.ok(!text.includes('"seed"'), `a seed field before the end via ${via}: ${text}`);
      }
    }
    assert.ok(over, 'the final state was received');
    await page.close();
  });

  it('plays against the engine on the view, where the engine plays Black Swan', async (t) => {
    const variants = (await session.api('/api/variants')).json;
    if (!variants.find((v) => v.name === 'blackswan').engine) {
      t.skip('the engine does not play blackswan yet');
      return;
    }
    const page = await newPage(session.context);
    const frames = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="blackswan"]', { state: 'attached' });
    await page.selectOption('#variant', 'blackswan');
    await page.check('input[name=mode][value=engine]');
    await page.selectOption('select[name=colour]', 'white');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    // The human seat gives White's randomness only: the engine's seat gives none.
    assert.ok(await page.isHidden('#contribute input[data-side="black"]'));
    await page.fill('#contribute input[data-side="white"]', ALONE_GIVES);
    await clickCell(page, 'e2');
    await clickCell(page, 'e4');
    await waitForPly(page, 1);
    await clickCell(page, 'e4'); // the rook and the pawn: which stays
    await page.click('.chooser [data-uci="R@e4"]');
    await waitForPly(page, 2);
    await clickCell(page, 'd3');
    // The engine's reply: Black's turn ends and White is to move again.
    await page.waitForFunction(
      () => Number(document.querySelector('#app')?.dataset.ply) >= 4 && document.querySelector('.board-wrap')?.dataset.turn === 'white',
      null,
      { timeout: 60_000 },
    );
    assert.deepEqual((await session.stateOf(page)).blackswan.contributions, { white: ALONE_GIVES, black: null });
    assert.ok(frames.length >= 3);
    for (const text of frames) {
      for (const fen of fens(JSON.parse(text))) assert.ok(!fen.includes("'"), fen);
      assert.ok(!text.includes(SEED_HEX) && !text.includes('"seed"'), text);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("gives each seat's fresh randomness by itself: Black's while waiting, White's with its first move", async () => {
    const created = (await session.api('/api/games', { variant: 'blackswan', mode: 'online', options: {} })).json;
    const black = await newPage(session.context);
    await black.goto(session.server.url + created.links.black);
    await boardReady(black);
    // Black does not move first: a moment after the page shows, its randomness goes in.
    await black.waitForSelector('#referee code[data-contribution="black"]', { timeout: 15_000 });
    assert.match(await black.textContent('#referee code[data-contribution="black"]'), FRESH);
    assert.ok(await black.isHidden('#contribute'));
    assert.match(await black.textContent('#referee [data-contribution="white"]'), /not yet/);

    const white = await newPage(session.context);
    await white.goto(session.server.url + created.links.white);
    await boardReady(white);
    assert.ok(await white.isVisible('#contribute input[data-side="white"]'));
    await clickCell(white, 'e2');
    await clickCell(white, 'e4');
    await waitForPly(white, 1);
    const state = await session.stateOf(white);
    assert.match(state.blackswan.contributions.white, FRESH);
    assert.match(state.blackswan.contributions.black, FRESH);
    assert.notEqual(state.blackswan.contributions.white, state.blackswan.contributions.black);
    assert.equal(state.blackswan.contributions_open, false);
    // The other seat's page is told.
    await black.waitForSelector('#referee code[data-contribution="white"]');
    assert.equal(await black.textContent('#referee code[data-contribution="white"]'), state.blackswan.contributions.white);
    const pgn = (await session.api(`/api/games/${created.id}/pgn`)).text;
    assert.ok(pgn.includes(`[WhiteContribution "${state.blackswan.contributions.white}"]`), pgn);
    assert.ok(pgn.includes(`[BlackContribution "${state.blackswan.contributions.black}"]`), pgn);
    assert.deepEqual(white.errors, []);
    assert.deepEqual(black.errors, []);
    await white.close();
    await black.close();
  });
});
