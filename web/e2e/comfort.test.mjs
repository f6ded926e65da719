// Browser tests of the playing comforts and the rules on the page (issue 20): sounds, premoves,
// draw offers across two seats, the game-over panel with a rematch, the board and moves by
// keyboard, the phone layout, the legend, dice and phase help, the rules pages, an accessibility
// check (axe-core) and the content security policy; screenshots of every game at desktop and
// phone sizes go to web/test-results/.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { axeCheck, boardReady, clickCell, movesText, newPage, waitForPly } from './browser.mjs';
import { webDir } from './server.mjs';
import { browserSession } from './session.mjs';

const results = path.join(webDir, 'test-results');

// Counts the Web Audio notes the page starts and every policy violation it reports.
const INSTRUMENT = () => {
  window.__notes = 0;
  window.__csp = [];
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (...args) {
    window.__notes++;
    return create.apply(this, args);
  };
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
};

describe('comforts and rules on the page', { timeout: 10 * 60_000 }, () => {
  const session = browserSession();
  const { api } = session;

  const create = async (game) => {
    const { status, json, text } = await api('/api/games', { options: {}, ...game });
    assert.equal(status, 201, text);
    return json;
  };
  const open = async (ctx, id, token) => {
    const page = await newPage(ctx);
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${session.server.url}/game/${id}${token ? `?token=${token}` : ''}`);
    await boardReady(page);
    return page;
  };
  const noPolicyViolations = async (page) => assert.deepEqual(await page.evaluate(() => window.__csp), [], 'the app runs under its own CSP');

  it('sounds a move, a capture and the end, with a mute that is remembered', async () => {
    const g = await create({ variant: 'chess', mode: 'local' });
    const page = await open(session.context, g.id, g.tokens.both);
    const notes = () => page.evaluate(() => window.__notes);
    const last = () => page.evaluate(() => document.documentElement.dataset.lastSound);
    for (const [from, to, ply, sound] of [['e2', 'e4', 1, 'move'], ['d7', 'd5', 2, 'move'], ['e4', 'd5', 3, 'capture']]) {
      await clickCell(page, from);
      await clickCell(page, to);
      await waitForPly(page, ply);
      await page.waitForFunction((s) => document.documentElement.dataset.lastSound === s, sound);
    }
    assert.ok((await notes()) >= 4, 'Web Audio oscillators started');
    await page.click('#mute');
    assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
    await page.reload();
    await boardReady(page);
    assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true', 'the mute is remembered');
    await clickCell(page, 'd8');
    await clickCell(page, 'd5');
    await waitForPly(page, 4);
    await page.waitForFunction(() => document.documentElement.dataset.lastSound === 'capture');
    assert.equal(await notes(), 0, 'muted: no note played');
    await page.click('#mute');
    await page.click('#resign');
    await page.waitForFunction(() => document.documentElement.dataset.lastSound === 'end');
    assert.ok((await notes()) > 0);
    await noPolicyViolations(page);
    await page.close();
  });

  it('plays a premove on the reply, and a draw offer reaches the other seat', async () => {
    const g = await create({ variant: 'chess', mode: 'online', clock: { initial_ms: 600_000, increment_ms: 0 } });
    const otherBrowser = await session.browser.newContext();
    const white = await open(session.context, g.id, g.tokens.white);
    const black = await open(otherBrowser, g.id, g.tokens.black);
    await clickCell(white, 'e2');
    await clickCell(white, 'e4');
    await waitForPly(black, 1);
    // White premoves d2-d4 while Black thinks; a click anywhere would cancel it, so it is set last.
    await clickCell(white, 'd2');
    await clickCell(white, 'd4');
    assert.equal(await white.$$eval('.premove', (m) => m.length), 2, 'the premove is marked');
    await clickCell(black, 'e7');
    await clickCell(black, 'e5');
    await waitForPly(white, 3);
    assert.deepEqual(await movesText(white), ['e4', 'e5', 'd4']);
    await waitForPly(black, 3);
    // A premove cancelled by Escape is not played.
    await clickCell(white, 'g1');
    await clickCell(white, 'f3');
    await white.focus('svg.board');
    assert.match(await white.textContent('#premove-note'), /Premove g1–f3/);
    await white.keyboard.press('Escape');
    // The board redraws on the next animation frame.
    await white.waitForFunction(() => document.querySelectorAll('.premove').length === 0);
    assert.equal(await white.textContent('#premove-note'), '', 'the note goes with the premove');
    await clickCell(black, 'e5');
    await clickCell(black, 'd4');
    await waitForPly(white, 4);
    assert.equal(await white.evaluate(() => document.querySelector('#app').dataset.ply), '4', 'no premove played');
    // The draw: offered by White, seen live by Black, accepted there; both see the end.
    await white.click('[data-draw=offer]');
    await black.waitForSelector('[data-draw=accept]');
    assert.match(await black.textContent('#draw-box'), /offers a draw/);
    await black.click('[data-draw=accept]');
    for (const page of [white, black]) {
      await page.waitForFunction(() => document.querySelector('#app').dataset.result === '1/2-1/2');
      await page.waitForSelector('#game-over[open]');
      assert.equal(await page.textContent('#game-over-result'), 'Draw · draw by agreement');
    }
    await noPolicyViolations(white);
    await otherBrowser.close();
    await white.close();
  });

  it('warns of low time on the clock, with a sound for the seat whose time runs', async () => {
    // 12 s: under the 10 s mark two seconds after Black's clock starts.
    const g = await create({ variant: 'chess', mode: 'online', clock: { initial_ms: 12_000, increment_ms: 0 } });
    const black = await open(session.context, g.id, g.tokens.black);
    assert.equal(await black.$('.clock.low'), null);
    const moved = await api(`/api/games/${g.id}/move`, { token: g.tokens.white, move: 'e4', ply: 0 });
    assert.equal(moved.status, 200, moved.text);
    await black.waitForSelector('[data-clock=black].low', { timeout: 10_000 });
    assert.equal(await black.$('[data-clock=white].low'), null, 'only the clock under the mark');
    await black.waitForFunction(() => document.documentElement.dataset.lastSound === 'low-time');
    await black.close();
  });

  it('opens the game-over panel, and the rematch swaps the colours', async () => {
    const g = await create({ variant: 'chess', mode: 'engine', engine: { color: 'black', level: 1 } });
    const page = await open(session.context, g.id, g.tokens.white);
    await page.click('#resign');
    await page.waitForSelector('#game-over[open]');
    assert.equal(await page.textContent('#game-over-result'), 'Black wins · White resigned');
    assert.equal(await page.isEnabled('#open-analysis'), true);
    const download = page.waitForEvent('download');
    await page.click('#over-pgn');
    assert.match((await download).suggestedFilename(), /\.pgn$/);
    await page.click('#rematch');
    await page.waitForURL((url) => !url.pathname.includes(g.id));
    await boardReady(page);
    const rematch = await session.stateOf(page);
    assert.equal(rematch.seat, 'black');
    assert.equal(rematch.engine.color, 'white');
    assert.equal(rematch.engine.level, 1);
    await page.close();
  });

  it('plays by keyboard alone: the board, arrows and Enter; and moves typed with completion', async () => {
    const g = await create({ variant: 'chess', mode: 'local' });
    const page = await open(session.context, g.id, g.tokens.both);
    // Tab through the page to the board.
    for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.matches('svg.board'))); i++) await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.activeElement?.matches('svg.board')), 'the board takes the focus');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
    assert.match(await page.textContent('[data-board-focus]'), /^E2, white pawn/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.match(await page.textContent('[data-board-focus]'), /^E4, empty, e2 can go here/);
    await page.keyboard.press('Enter');
    await waitForPly(page, 1);
    const options = await page.$$eval('#move-completions option', (o) => o.map((x) => x.value));
    assert.ok(options.includes('Nf6') && options.includes('g8f6'), 'completions are the legal moves, SAN and UCI');
    await page.fill('#move-input', 'Nf6');
    await page.keyboard.press('Enter');
    await waitForPly(page, 2);
    await page.fill('#move-input', 'e5');
    await page.keyboard.press('Enter');
    await waitForPly(page, 3);
    await page.fill('#move-input', 'Ke4');
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('#error'), /"Ke4" is not a legal move/);
    assert.deepEqual(await movesText(page), ['e4', 'Nf6', 'e5']);
    await page.close();
  });

  it('shows the dice, the phase help and this game’s pieces; rules pages for every game', async () => {
    const { json: roll } = await api('/api/roll?variant=chess2016&seed=3');
    const g = await create({ variant: 'chess2016', mode: 'local', setup: roll.setup });
    const page = await open(session.context, g.id, g.tokens.both);
    await page.waitForSelector('#setup-info .die');
    assert.equal(await page.$$eval('#setup-info .die', (d) => d.length), 5);
    const changes = await page.$$eval('#setup-info .changes li', (l) => l.map((x) => x.textContent));
    assert.deepEqual(changes, roll.changes);
    await page.click('#rules-link');
    await page.waitForSelector('[data-rules=chess2016] svg.board [data-piece]');
    const { json: board } = await api('/api/board?variant=chess2016');
    assert.equal(await page.$$eval('.legend-item', (l) => l.length), board.pieces.length, 'the rules page shows the whole family');
    await page.close();

    const placement = await create({ variant: 'placement', mode: 'local' });
    const p = await open(session.context, placement.id, placement.tokens.both);
    await p.waitForSelector('#phase-help[data-phase=relocation-king]');
    assert.match(await p.textContent('#phase-help'), /swap your king/);
    await clickCell(p, 'e8');
    await clickCell(p, 'd8');
    await p.waitForSelector('#phase-help[data-phase=relocation-queen]');
    await p.close();

    const c66 = await create({ variant: 'chess66', mode: 'local' });
    const s = await open(session.context, c66.id, c66.tokens.both);
    await s.waitForSelector('#phase-help[data-phase=switch]');
    assert.match(await s.textContent('#phase-help'), /4 and a4/);
    await axeCheck(s, 'the game page');
    await s.goto(session.server.url + '/');
    await s.waitForSelector('#variant option[value="chess"]', { state: 'attached' });
    await axeCheck(s, 'the home page');
    await s.selectOption('#variant', 'chess56');
    assert.equal(
      await s.$eval('label:has(select[name="opt.knight-camel-swap"])', (l) => l.firstChild.textContent.trim()),
      'Knights and Camels change places',
      'options have readable labels',
    );
    assert.ok(await s.$('select[name="opt.knight-camel-swap"] option[value="odd-total"]:text("When the white dice total is odd")'));
    assert.match(await s.textContent('#help-knight-camel-swap'), /interchanged/);
    assert.equal(await s.$$eval('header.site nav[aria-label^="The games"] a', (a) => a.length), 5, 'the header names all five games');
    await s.click('header.site nav a[href="/rules/chess66"]');
    await s.waitForSelector('[data-rules=chess66] svg.board [data-cell="4"]');
    await axeCheck(s, 'a rules page');
    await noPolicyViolations(s);
    await s.close();
  });

  it('draws every game at desktop and phone sizes (board first, no sideways scrolling), with its own legend', async () => {
    mkdirSync(results, { recursive: true });
    const { json: variants } = await api('/api/variants');
    const phone = await session.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const dark = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    for (const v of variants) {
      const g = await create({ variant: v.name, mode: 'local' });
      const { json: state } = await api(`/api/games/${g.id}`);
      const desktop = await open(session.context, g.id, g.tokens.both);
      assert.equal(await desktop.$$eval('.legend-item', (l) => l.length), state.piece_types.length, `${v.name}: the legend shows this game's pieces`);
      await desktop.screenshot({ path: path.join(results, `game-${v.name}-desktop.png`), fullPage: true });
      await desktop.close();
      const small = await open(phone, g.id, g.tokens.both);
      const layout = await small.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        boardBottom: document.querySelector('svg.board').getBoundingClientRect().bottom,
        sideTop: document.querySelector('.side-column').getBoundingClientRect().top,
      }));
      assert.ok(layout.overflow <= 0, `${v.name}: no sideways scrolling on a phone (${layout.overflow} px too wide)`);
      assert.ok(layout.boardBottom <= layout.sideTop + 1, `${v.name}: the board comes first, the controls below`);
      await small.screenshot({ path: path.join(results, `game-${v.name}-phone.png`), fullPage: true });
      await small.close();
    }
    const darkPage = await open(dark, (await create({ variant: 'chess66', mode: 'local' })).id);
    const background = await darkPage.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(background, 'rgb(24, 26, 27)', 'the dark theme follows the system');
    await darkPage.screenshot({ path: path.join(results, 'game-chess66-dark.png') });
    const home = await newPage(phone);
    await home.goto(session.server.url + '/');
    await home.waitForSelector('#variant option[value="chess"]', { state: 'attached' });
    assert.ok(await home.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the home page fits a phone');
    await home.screenshot({ path: path.join(results, 'home-phone.png'), fullPage: true });
    await phone.close();
    await dark.close();
  });
});
