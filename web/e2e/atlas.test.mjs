// Browser tests of the setup atlas (issue 22): the atlas page (its picture, sorting, filtering,
// a setup to a new game through the dialog and to an analysis board) and the new-game dialog's
// balance line, its mate-in-one warning and its balanced draw. The server serves the fixtures of
// tests/data/atlas (`menagerie serve --atlas`), whose scores are chosen for these tests:
// Chess 56 W1-1-1 +12 (Knights and Camels interchanged -20), W1-2-3 +45 (+80), W1-3-3 and W4-5-6
// mate in one, W2-3-4 -150, W3-4-5 -8, W6-6-6 +230; Contemporary 0 +41, 1 -35, 2 +18, 100 +120,
// 959 -260, 1679 +5; Chess 2016 W1-1-1.G1.R5 mate in one. Placement has no atlas there.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { axeCheck, boardReady, newPage, waitForPly } from './browser.mjs';
import { webDir } from './server.mjs';
import { browserSession } from './session.mjs';

const fixtures = path.resolve(webDir, '..', 'tests', 'data', 'atlas');
const results = path.join(webDir, 'test-results');

/** The setups of the table's rows, top to bottom. */
const tableSetups = (page) => page.$$eval('#atlas-table tbody tr', (trs) => trs.map((tr) => tr.dataset.key));

/** Waits until the table shows these rows (setup|options keys) in this order. */
async function waitForTable(page, keys) {
  try {
    await page.waitForFunction(
      (want) => JSON.stringify([...document.querySelectorAll('#atlas-table tbody tr')].map((tr) => tr.dataset.key)) === JSON.stringify(want),
      keys,
      { timeout: 10_000 },
    );
  } catch {
    assert.deepEqual(await tableSetups(page), keys);
  }
}

describe('the setup atlas', { timeout: 10 * 60_000 }, () => {
  const session = browserSession({ args: ['--atlas', fixtures] });
  const { api, stateOf } = session;

  it('sorts and filters the table, and opens a setup as a new game and as an analysis board', async () => {
    const page = await newPage(session.context);
    await page.goto(`${session.server.url}/atlas/contemporary`);
    await page.waitForSelector('#atlas-table tbody tr');
    const { json: atlas } = await api('/api/atlas/contemporary');
    await waitForTable(page, atlas.rows.map((r) => `${r.setup}|`));
    assert.match(await page.textContent('#atlas-count'), /^6 of 6 setups/);
    // The picture: a square per setup, in the score's colour.
    assert.equal(await page.$$eval('.atlas-grid rect[data-setup]', (r) => r.length), 6);
    const fills = await page.$$eval('.atlas-grid rect[data-setup]', (r) => Object.fromEntries(r.map((x) => [x.dataset.setup, x.getAttribute('fill')])));
    assert.notEqual(fills['959'], fills['100'], 'Black better and White better are coloured apart');

    // Sorting: by evaluation, Black's best first; again, White's best first.
    await page.click('th button[data-sort=score]');
    await waitForTable(page, ['959|', '1|', '1679|', '2|', '0|', '100|']);
    assert.equal(await page.getAttribute('th[data-sort=score]', 'aria-sort'), 'ascending');
    await page.click('th button[data-sort=score]');
    await waitForTable(page, ['100|', '0|', '2|', '1679|', '1|', '959|']);
    assert.equal(await page.getAttribute('th[data-sort=score]', 'aria-sort'), 'descending');
    await page.click('th button[data-sort=balance]');
    await waitForTable(page, ['1679|', '2|', '1|', '0|', '100|', '959|']);

    // Filtering: within ±0.25, then those White is better in, then by setup.
    await page.selectOption('#atlas-band', '25');
    await waitForTable(page, ['1679|', '2|']);
    assert.match(await page.textContent('#atlas-count'), /^2 of 6 setups/);
    await page.selectOption('#atlas-band', '');
    await page.selectOption('#atlas-side', 'black');
    await waitForTable(page, ['1|', '959|']);
    await page.selectOption('#atlas-side', 'any');
    await page.fill('#atlas-text', '16');
    await waitForTable(page, ['1679|']);
    await page.fill('#atlas-text', '');
    // A click on a square finds its setup in the table.
    await page.click('.atlas-grid rect[data-setup="100"]');
    await waitForTable(page, ['100|']);
    assert.equal(await page.inputValue('#atlas-text'), '100');
    await page.fill('#atlas-text', '1679');
    await waitForTable(page, ['1679|']);
    await axeCheck(page, 'an atlas page');

    // Play: the new-game dialog, filled in with the setup; one click starts it.
    const row1679 = atlas.rows.find((r) => r.setup === '1679');
    await page.click('#atlas-table tbody tr[data-setup="1679"] a.play');
    await page.waitForSelector('#new-game');
    assert.equal(await page.inputValue('#variant'), 'contemporary');
    assert.equal(await page.isChecked('input[name=setup-way][value=chosen]'), true);
    assert.equal(await page.inputValue('input[name=setup-id]'), '1679');
    await page.waitForFunction(() => /^Balance: White \+0\.05 \(engine, depth 7\)$/.test(document.querySelector('#balance-line')?.textContent ?? ''));
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    const played = await stateOf(page);
    assert.equal(played.setup, '1679');
    assert.equal(played.start_fen, row1679.fen);
    assert.equal(played.mode, 'local');

    // Analyse: an analysis board of the setup, at once.
    await page.goto(`${session.server.url}/atlas/contemporary`);
    await page.waitForSelector('#atlas-table tbody tr[data-setup="959"]');
    await page.click('#atlas-table tbody tr[data-setup="959"] button.analyse');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    await waitForPly(page, 0);
    const analysed = await stateOf(page);
    assert.equal(analysed.mode, 'analysis');
    assert.equal(analysed.setup, '959');
    assert.equal(analysed.start_fen, atlas.rows.find((r) => r.setup === '959').fen);
    // A game without an atlas: said so, with the games that have one.
    await page.goto(`${session.server.url}/atlas/placement`);
    await page.waitForSelector('.atlas .error');
    assert.match(await page.textContent('.atlas .error'), /Placement Chess has no setup atlas/);
    assert.deepEqual(
      await page.$$eval('.atlas a[href^="/atlas/"]', (links) => links.map((a) => a.getAttribute('href')).sort()),
      ['/atlas/chess2016', '/atlas/chess56', '/atlas/contemporary'],
    );
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('draws Chess 56 over the dice, marks the mates in one and opens a swapped setup with its option', async () => {
    const page = await newPage(session.context);
    await page.goto(`${session.server.url}/rules/chess56`);
    await page.click('#atlas-link');
    await page.waitForSelector('.atlas-grid rect[data-setup]');
    assert.equal(new URL(page.url()).pathname, '/atlas/chess56');
    // Two lines of 56 white rolls (as rolled, Knights and Camels interchanged).
    assert.equal(await page.$$eval('.atlas-grid rect.atlas-cell', (r) => r.length), 2 * 56);
    assert.deepEqual(
      await page.$$eval('.atlas-grid rect.mate', (r) => r.map((x) => x.dataset.setup).sort()),
      ['W1-3-3', 'W4-5-6'],
    );
    assert.match(await page.textContent('.atlas'), /2\s+lost in one move/);
    mkdirSync(results, { recursive: true });
    await page.screenshot({ path: path.join(results, 'atlas-chess56.png'), fullPage: true });

    await page.selectOption('#atlas-mate', 'only');
    await waitForTable(page, ['W1-3-3|', 'W4-5-6|']);
    assert.match(await page.textContent('#atlas-table tbody tr[data-setup="W1-3-3"] .mate'), /^White mates in one \(1 move\)$/);
    await page.selectOption('#atlas-mate', 'none');
    await page.selectOption('#atlas-options', 'knight-camel-swap=always');
    await waitForTable(page, ['W1-1-1|knight-camel-swap=always', 'W1-2-3|knight-camel-swap=always']);

    await page.click('#atlas-table tbody tr[data-key="W1-1-1|knight-camel-swap=always"] a.play');
    await page.waitForSelector('#new-game');
    assert.equal(await page.inputValue('select[name="opt.knight-camel-swap"]'), 'always');
    assert.equal(await page.inputValue('input[name=setup-id]'), 'W1-1-1');
    await page.waitForFunction(() => document.querySelector('#balance-line')?.textContent === 'Balance: Black +0.20 (engine, depth 7)');
    await page.check('input[name=mode][value=analysis]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    const state = await stateOf(page);
    const { json: atlas } = await api('/api/atlas/chess56');
    assert.equal(state.options['knight-camel-swap'], 'always');
    assert.equal(state.start_fen, atlas.rows.find((r) => r.setup === 'W1-1-1' && r.options['knight-camel-swap']).fen);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("shows the chosen setup's balance in the dialog and warns of a start lost in one move", async () => {
    const page = await newPage(session.context);
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="chess56"]', { state: 'attached' });
    await page.selectOption('#variant', 'chess56');
    assert.equal(await page.getAttribute('#atlas-link', 'href'), '/atlas/chess56');
    await page.check('input[name=setup-way][value=chosen]');
    // Dice in any order and either case: w3-2-1 is the roll the atlas lists as W1-2-3.
    await page.fill('input[name=setup-id]', 'w3-2-1');
    await page.waitForFunction(() => document.querySelector('#balance-line')?.textContent === 'Balance: White +0.45 (engine, depth 7)');
    assert.equal(await page.isHidden('#balance-warning'), true);

    await page.fill('input[name=setup-id]', 'W1-3-3');
    await page.waitForSelector('#balance-warning:not([hidden]) li');
    assert.equal(await page.textContent('#balance-line'), 'Balance: White mates in 1 (engine, depth 7)');
    assert.match(await page.textContent('#balance-warning'), /^Lost for Black in one move: White mates at once \(one first move mates, such as \S+#\)/);
    assert.match(await page.getAttribute('#balance-line', 'class'), /lost/);

    // Another option, another start: W1-2-3 interchanged is +0.80, and W3-4-5 interchanged is
    // not in the atlas at all.
    await page.selectOption('select[name="opt.knight-camel-swap"]', 'always');
    await page.fill('input[name=setup-id]', 'W1-2-3');
    await page.waitForFunction(() => document.querySelector('#balance-line')?.textContent === 'Balance: White +0.80 (engine, depth 7)');
    assert.equal(await page.isHidden('#balance-warning'), true);
    await page.fill('input[name=setup-id]', 'W3-4-5');
    await page.waitForFunction(() => /not in the atlas/.test(document.querySelector('#balance-line')?.textContent ?? ''));

    // Chess 2016 by rolled dice: the line follows the roll (whatever it is).
    await page.selectOption('#variant', 'chess2016');
    await page.check('input[name=setup-way][value=chosen]');
    await page.fill('input[name=setup-id]', 'W1-1-1.G1.R5');
    await page.waitForSelector('#balance-warning:not([hidden]) li');
    assert.match(await page.textContent('#balance-warning'), /Lost for Black in one move: White mates at once \(2 first moves mate, such as Jf5#\)/);

    // A game without an atlas here has neither the line nor the setting.
    await page.selectOption('#variant', 'placement');
    assert.equal(await page.$('#atlas-link'), null);
    assert.equal(await page.$('#balance-band'), null);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it('draws only balanced setups when asked, sending the band', async () => {
    const page = await newPage(session.context);
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="chess56"]', { state: 'attached' });
    await page.selectOption('#variant', 'chess56');
    assert.equal(await page.isChecked('input[name=setup-way][value=random]'), true);
    await page.selectOption('#balance-band', '25');
    await page.waitForFunction(() => /within ±0\.25/.test(document.querySelector('#balance-line')?.textContent ?? ''));
    const sent = [];
    page.on('request', (r) => r.url().endsWith('/api/games') && r.method() === 'POST' && sent.push(JSON.parse(r.postData())));
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/game\//);
    await boardReady(page);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].balance, 25);
    assert.equal(sent[0].setup, undefined);
    const state = await stateOf(page);
    assert.ok(['W1-1-1', 'W3-4-5'].includes(state.setup), `drawn ${state.setup}: within ±0.25 are W1-1-1 and W3-4-5`);

    // A band nothing is in is refused with the server's sentence, and no game is made.
    await page.goto(session.server.url + '/');
    await page.waitForSelector('#variant option[value="chess2016"]', { state: 'attached' });
    await page.selectOption('#variant', 'chess2016');
    // Within ±0.25 are W1-1-1.G1.R1 and W6-6-6.G6.R6 as rolled, but with the Knights and Camels
    // interchanged their starts are others, which the atlas does not hold within the band.
    await page.selectOption('select[name="opt.knight-camel-swap"]', 'always');
    await page.selectOption('#balance-band', '25');
    await page.click('#start');
    await page.waitForFunction(() => document.querySelector('#new-error')?.textContent);
    assert.match(await page.textContent('#new-error'), /within 25 centipawns/);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});
