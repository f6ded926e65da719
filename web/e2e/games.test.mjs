// Every game the server lists, in the browser: one loop over `menagerie variants`. For each game it
// starts a game from the dialog (against the engine at level 2, with a game option changed where
// the game has options), moves by click and by drag with moves taken from the server's legal list,
// receives the engine's replies, sees an illegal drop refused, resigns, and exports the PGN and
// imports it again. Then, from positions created through the API with a FEN (the FEN load of the
// UI is tested once, below), it promotes through the chooser, castles in each form the game has,
// and mates. Black Swan is refereed and has no FEN start: its positions are left to
// blackswan.test.mjs.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { boardReady, clickCell, dragCell, movesText, newPage, waitForPly } from './browser.mjs';
import { binary, webDir } from './server.mjs';
import { browserSession } from './session.mjs';

const listed = spawnSync(binary, ['variants'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

// Positions per game, in its own FEN dialect. `castles`: games in which White plays the first SAN
// and Black the second, each looked up in the legal list by its SAN (so the cells come from the
// server); `king` and `rook` say where the castled men must stand afterwards.
// `promotion`: a pawn promotes, and the underpromotion to a rook mates.
const EIGHT = { promotion: '7k/P5pp/8/8/8/8/8/K7 w - - 0 1' };
const ORTHODOX_CASTLES = [
  {
    fen: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1',
    moves: ['O-O', 'O-O-O'],
    after: { g1: 'K', f1: 'R', c8: 'K', d8: 'R' },
  },
];
// Placement's castling after relocation: the king travels further (d1 to g1) or less far (d8 to
// c8), or not at all (g1; c8): then only the rook moves.
const PLACEMENT_CASTLES = [
  {
    fen: 'r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1',
    moves: ['O-O', 'O-O-O'],
    after: { g1: 'K', f1: 'R', c8: 'K', d8: 'R' },
  },
  {
    fen: 'r1k4r/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1',
    moves: ['O-O', 'O-O-O'],
    after: { g1: 'K', f1: 'R', c8: 'K', d8: 'R' },
  },
];
const POSITIONS = {
  chess: { ...EIGHT, castles: ORTHODOX_CASTLES },
  placement: { ...EIGHT, castles: PLACEMENT_CASTLES },
  'placement-reduced': { ...EIGHT, castles: PLACEMENT_CASTLES },
  chess20: { ...EIGHT, castles: PLACEMENT_CASTLES },
  // O-Og / O-Ob in every form: double move (and the Bunker Leap to the same cell, told apart by
  // the chooser), transposition (king f1 and rook g1 swap), the king alone (Black's rook already
  // on c8), the rook alone (White's king already on g1), and the Bunker Leap over friendly men.
  contemporary: {
    promotion: EIGHT.promotion + ' - -',
    castles: [
      {
        fen: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 Kk -',
        moves: ['O-Og', 'O-Ob'],
        after: { g1: 'K', f1: 'R', b8: 'K', c8: 'R' },
      },
      {
        fen: '2r1k3/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gc - 0 1 Kk -',
        moves: ['O-Og', 'O-Ob'],
        after: { g1: 'K', f1: 'R', b8: 'K', c8: 'R' },
      },
      {
        fen: 'r1nnk3/pppppppp/8/8/8/8/PPPPPPPP/6KR w Kq - 0 1 Kk -',
        moves: ['O-Og', 'Ke>>b8'],
        after: { g1: 'K', f1: 'R', b8: 'K', c8: 'N', d8: 'N', a8: 'R' },
      },
    ],
  },
  // King g2 three cells to j2 (rook k2 to i2) or to d2 (rook b2 to e2); promotion on e10, a cell
  // with no cell ahead, to any type of the array (here the unsubstituted one's). The rook on k9
  // keeps the king on h10 from rank 9 (no Black pawn can stand there: it is Black's first rank).
  chess56: {
    promotion: '3k/3P5R/10/12/12/12/12/10/K9/4 w - - 0 1',
    castles: [
      {
        fen: '4/r4k3r/pppppppppp/12/12/12/12/PPPPPPPPPP/R4K3R/4 w KBkb - 0 1',
        moves: ['O-O', 'O-O-O'],
        after: { j2: 'K', i2: 'R', d9: 'K', e9: 'R' },
      },
    ],
  },
  // White castles as in chess; Black's array is turned: O-O with the a8 rook (king d8 to b8, rook
  // to c8), O-O-O with the h8 rook (king to f8, rook to e8). Two games give all four.
  chess66: {
    promotion: '7k/P5pp/8/9/9/8/8/K7 w - - 0 1',
    castles: [
      {
        fen: 'r2k3r/pppppppp/8/9/9/8/PPPPPPPP/R3K2R w KQkq - 0 1',
        moves: ['O-O', 'O-O'],
        after: { g1: 'K', f1: 'R', b8: 'K', c8: 'R' },
      },
      {
        fen: 'r2k3r/pppppppp/8/9/9/8/PPPPPPPP/R3K2R w KQkq - 0 1',
        moves: ['O-O-O', 'O-O-O'],
        after: { c1: 'K', d1: 'R', f8: 'K', e8: 'R' },
      },
    ],
  },
};
POSITIONS.chess2016 = POSITIONS.chess56;

// The dice games start from a typed roll: some armies mate an untouched king in one or two
// moves (a Camel leaps past the pawns), and the game must still be on when the illegal drop and
// the resignation are tried. With the option the loop sets (knight-camel-swap=always), no reply
// of Black to White's two pawn moves below ends the game in these two (checked over every reply).
const TYPED_SETUP = { chess56: 'W2-3-4', chess2016: 'W2-3-4.G5.R6' };

const artifacts = path.join(webDir, 'test-results');

describe('every game in the web app', { timeout: 10 * 60_000 }, () => {
  const session = browserSession();
  const { api, stateOf } = session;
  before(() => mkdirSync(artifacts, { recursive: true }));

  /** Every man on the board: cell → token and colour. */
  const boardMen = (page) =>
    page.$$eval('svg.board [data-piece]', (men) =>
      Object.fromEntries(men.map((m) => [m.getAttribute('data-piece'), `${m.getAttribute('data-token')}:${m.getAttribute('class')}`])),
    );

  /** Counts the move requests a page sends (an illegal drop must send none). */
  const countMoves = (page) => {
    const sent = { n: 0 };
    page.on('request', (r) => r.url().endsWith('/move') && sent.n++);
    return sent;
  };

  /**
   * Plays a legal entry on the board by clicking (a move to its own cell: a second click on the
   * man, or one click for a placement) or by dragging, answering the chooser if one opens.
   */
  const play = async (page, sent, move, how, game) => {
    const before = sent.n;
    const ply = Number(await page.evaluate(() => document.querySelector('#app').dataset.ply));
    if (move.from === move.to) {
      await clickCell(page, move.from);
      if (sent.n === before && !(await page.$('.chooser:not([hidden])'))) await clickCell(page, move.from);
    } else if (how === 'drag') {
      await dragCell(page, move.from, move.to);
    } else {
      await clickCell(page, move.from);
      await clickCell(page, move.to);
    }
    if (await page.$('.chooser:not([hidden])')) await page.click(`.chooser [data-uci="${move.uci}"]`);
    // The move is counted when its request leaves the page, which may be after the last click.
    for (let i = 0; i < 50 && sent.n === before; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(sent.n, before + 1, `${game}: ${move.san} (${move.uci}) by ${how} sent one move`);
    // At least: an engine's reply may already be shown.
    await page.waitForFunction((p) => Number(document.querySelector('#app')?.dataset.ply) >= p, ply + 1, { timeout: 15_000 });
  };

  /** Waits until the human (White) is to move and the page shows the server's ply. */
  const humanTurn = async (page, game) => {
    try {
      await page.waitForFunction(
        () =>
          document.querySelector('.board-wrap')?.dataset.turn === 'white' &&
          document.querySelector('#app')?.dataset.thinking === 'false',
        null,
        { timeout: 60_000 },
      );
    } catch {
      throw new Error(`${game}: the engine did not hand the move back to White`);
    }
    const state = await stateOf(page);
    assert.equal(state.turn, 'white', `${game}: White to move`);
    assert.ok(state.legal.length > 0, `${game}: White has legal moves`);
    await waitForPly(page, state.ply);
    return state;
  };

  /** Every man is drawn with a drawing of its own: no lettered fallback disc, no missing symbol. */
  const assertOwnGlyphs = async (page, game) => {
    const problems = await page.evaluate(() => {
      const out = [];
      const bodies = new Map();
      for (const man of document.querySelectorAll('svg.board [data-piece]')) {
        const token = man.getAttribute('data-token');
        if (man.querySelector('text.fallback')) out.push(`${token}: drawn as a letter`);
        const href = man.querySelector('use')?.getAttribute('href') ?? '';
        const symbol = document.getElementById(href.slice(1));
        if (!symbol) {
          out.push(`${token}: no drawing ${href}`);
          continue;
        }
        // The fallback is the base with a single disc on it.
        const parts = [...symbol.children];
        if (parts.length === 2 && parts[1].tagName === 'circle') out.push(`${token}: the fallback disc`);
        bodies.set(href, symbol.innerHTML);
      }
      const distinct = new Set(bodies.values());
      if (distinct.size !== bodies.size) out.push(`${bodies.size} types drawn with ${distinct.size} drawings`);
      return out;
    });
    assert.deepEqual(problems, [], `${game}: glyphs`);
  };

  for (const game of listed) {
    it(`${game}: starts from the dialog, plays by click and drag against the engine, refuses an illegal move, resigns, exports and imports the PGN`, async () => {
      const { json: variants } = await api('/api/variants');
      const variant = variants.find((v) => v.name === game);
      assert.ok(variant, `${game} is in /api/variants`);
      const page = await newPage(session.context);
      const sent = countMoves(page);
      await page.goto(session.server.url + '/');
      await page.waitForSelector(`#variant option[value="${game}"]`, { state: 'attached' });
      await page.selectOption('#variant', game);
      // A game option other than its default, chosen in the dialog.
      const option = variant.options[0];
      const chosen = option?.values.find((v) => v !== option.default);
      if (option) await page.selectOption(`select[name="opt.${option.name}"]`, chosen);
      if (TYPED_SETUP[game]) {
        await page.check('input[name=setup-way][value=chosen]');
        await page.fill('input[name=setup-id]', TYPED_SETUP[game]);
      }
      const engine = variant.engine !== false;
      if (engine) {
        await page.check('input[name=mode][value=engine]');
        await page.selectOption('select[name=colour]', 'white');
        await page.$eval('input[name=level]', (el) => {
          el.value = '2';
          el.dispatchEvent(new Event('input', { bubbles: true }));
        });
        assert.equal(await page.textContent('#level-out'), '2');
      } else {
        await page.check('input[name=mode][value=local]');
      }
      await page.click('#start');
      await page.waitForURL(/\/game\//);
      await boardReady(page);
      const { json: board } = await api(`/api/board?variant=${game}`);
      assert.equal(await page.$$eval('svg.board [data-cell]', (c) => c.length), board.cells.length, `${game}: cells drawn`);
      await assertOwnGlyphs(page, game);
      await page.locator('.board-wrap').screenshot({ path: path.join(artifacts, `start-${game}.png`) });
      let state = await stateOf(page);
      if (option) assert.equal(state.options[option.name], chosen, `${game}: option ${option.name} as chosen`);
      if (TYPED_SETUP[game]) assert.equal(state.setup, TYPED_SETUP[game], `${game}: the typed setup`);
      if (engine) assert.deepEqual({ ...state.engine, thinking: undefined }, { color: 'black', level: 2, thinking: undefined }, `${game}: engine`);

      // Move by click, then by drag; the engine answers each.
      let replies = 0;
      for (const how of ['click', 'drag']) {
        state = engine ? await humanTurn(page, game) : await stateOf(page);
        const pool = state.legal.filter((m) => m.from !== m.to);
        if (pool.length === 0) {
          // Only moves to a man's own cell (a placement, keeping an array): played by click.
          await play(page, sent, state.legal[0], 'click', game);
          state = engine ? await humanTurn(page, game) : await stateOf(page);
        }
        // The first entry that leaves its cell: the generator lists men by cell, so a pawn on the
        // edge, a move that opens no line to White's king.
        const move = state.legal.find((m) => m.from !== m.to);
        const ply = state.ply;
        await play(page, sent, move, how, game);
        const record = await movesText(page);
        assert.ok(record[ply]?.startsWith(move.san.replace(/[+#]$/, '')), `${game}: ${move.san} by ${how} is recorded (${record[ply]})`);
        // Pieces the move owes (a Black Swan event) are placed by a click on a highlighted cell.
        for (let s = await stateOf(page); s.status === 'playing' && s.turn === 'white' && s.legal.length && s.legal.every((m) => m.from === m.to); s = await stateOf(page))
          await play(page, sent, s.legal[0], 'click', game);
        // The engine answers when the move handed it the turn (not after Placement's last
        // relocation, after which White moves again).
        const now = engine ? await stateOf(page) : null;
        if (now && (now.turn === 'black' || now.ply > ply + 1)) {
          const after = await humanTurn(page, game);
          assert.ok(after.ply >= ply + 2, `${game}: the engine replied to ${move.san}`);
          assert.equal((await movesText(page)).length, after.ply, `${game}: the engine's reply is in the record`);
          replies++;
        }
      }
      if (engine) assert.ok(replies > 0, `${game}: the engine replied`);

      // An illegal drop: a man that can move, onto a cell that is no destination of it.
      state = engine ? await humanTurn(page, game) : await stateOf(page);
      const mover = state.legal.find((m) => m.from !== m.to).from;
      const targets = new Set(state.legal.filter((m) => m.from === mover).map((m) => m.to));
      const bad = board.cells.map((c) => c.name).find((c) => c !== mover && !targets.has(c) && state.legal.every((m) => m.from !== c));
      assert.ok(bad, `${game}: a cell that is no destination of ${mover}`);
      const menBefore = await boardMen(page);
      const recordBefore = await movesText(page);
      const requestsBefore = sent.n;
      await dragCell(page, mover, bad);
      await clickCell(page, bad);
      assert.equal(sent.n, requestsBefore, `${game}: ${mover}-${bad} sent no move`);
      assert.deepEqual(await boardMen(page), menBefore, `${game}: the board is unchanged after ${mover}-${bad}`);
      assert.deepEqual(await movesText(page), recordBefore, `${game}: ${mover}-${bad} is not recorded`);
      assert.equal((await stateOf(page)).ply, state.ply, `${game}: the server saw no move`);

      // Resign.
      await page.click('#resign');
      await page.waitForFunction(() => document.querySelector('#app')?.dataset.status === 'over');
      const over = await stateOf(page);
      assert.equal(over.result, state.turn === 'white' ? '0-1' : '1-0', `${game}: the resigning side loses`);

      // Export the PGN, and import it again.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
      const pgn = readFileSync(await download.path(), 'utf8');
      assert.match(pgn, new RegExp(`\\[Variant "${game}"\\]`, 'i'), `${game}: the PGN names its game`);
      const sans = await movesText(page);
      await page.goto(session.server.url + '/');
      await page.waitForSelector(`#import-variant option[value="${game}"]`, { state: 'attached' });
      await page.fill('#import-text', pgn);
      await page.click('#import-pgn');
      if (variant.setups.kind === 'seed') {
        // A refereed game's record is checked with `menagerie verify`, never replayed as a game.
        await page.waitForFunction(() => document.querySelector('#import-error')?.textContent);
        assert.match(await page.textContent('#import-error'), /blackswan/, `${game}: the import is refused with a sentence`);
      } else {
        await page.waitForURL(/\/game\//);
        await waitForPly(page, over.ply);
        assert.deepEqual(await movesText(page), sans, `${game}: the imported record`);
        const imported = await stateOf(page);
        assert.equal(imported.fen, over.fen, `${game}: the imported position`);
        assert.equal(imported.start_fen, over.start_fen, `${game}: the imported start`);
      }
      assert.deepEqual(page.errors, [], `${game}: page errors`);
      await page.close();
    });

    const positions = POSITIONS[game];
    if (!positions) continue;
    it(`${game}: promotes through the chooser and mates, castles in each form`, async () => {
      const page = await newPage(session.context);
      const sent = countMoves(page);
      const open = async (fen) => {
        const { status, json: created, text } = await api('/api/games', { variant: game, options: {}, mode: 'local', fen });
        assert.equal(status, 201, `${game}: ${fen}: ${text}`);
        await page.goto(`${session.server.url}/game/${created.id}?token=${created.tokens.both}`);
        await boardReady(page);
        await waitForPly(page, 0);
        return stateOf(page);
      };
      const tokenAt = (cell) => page.$eval(`svg.board [data-piece="${cell}"]`, (g) => g.getAttribute('data-token')).catch(() => null);

      // Promotion: the chooser offers exactly the server's choices; the underpromotion to a rook,
      // which mates, is taken: the game is over, the mated king marked.
      let state = await open(positions.promotion);
      const promotions = state.legal.filter((m) => m.promotion);
      assert.ok(promotions.length >= 4, `${game}: ${promotions.length} promotions`);
      const pick = promotions.find((m) => m.promotion.toUpperCase() === 'R' && m.san.endsWith('#'));
      assert.ok(pick, `${game}: a rook promotion mates in ${positions.promotion}`);
      const { from, to } = pick;
      await clickCell(page, from);
      await clickCell(page, to);
      await page.waitForSelector('.chooser:not([hidden]) [data-uci]');
      const offered = await page.$$eval('.chooser [data-uci]', (b) => b.map((x) => x.getAttribute('data-uci')).sort());
      assert.deepEqual(offered, promotions.filter((m) => m.from === from && m.to === to).map((m) => m.uci).sort(), `${game}: the chooser`);
      await page.click(`.chooser [data-uci="${pick.uci}"]`);
      await waitForPly(page, 1);
      assert.deepEqual(await movesText(page), [pick.san], `${game}: promotion recorded`);
      assert.equal(await tokenAt(to), 'R', `${game}: the promoted rook on ${to}`);
      await page.waitForFunction(() => document.querySelector('#app')?.dataset.status === 'over');
      assert.equal(await page.evaluate(() => document.querySelector('#app').dataset.result), '1-0', `${game}: White mated`);
      assert.ok(await page.$('svg.board .check'), `${game}: the mated king is marked`);
      assert.match(await page.textContent('#status'), /1-0/);

      // Castling: White then Black, one by click and one by drag.
      for (const { fen, moves, after } of positions.castles) {
        state = await open(fen);
        for (const [i, san] of moves.entries()) {
          if (i > 0) state = await stateOf(page);
          const move = state.legal.find((m) => m.san.replace(/[+#]$/, '') === san);
          assert.ok(move, `${game}: ${san} is legal in ${fen} (legal: ${state.legal.map((m) => m.san).join(' ')})`);
          await play(page, sent, move, i === 0 ? 'click' : 'drag', game);
        }
        assert.deepEqual(await movesText(page), moves, `${game}: castling recorded in ${fen}`);
        for (const [cell, token] of Object.entries(after))
          assert.equal(await tokenAt(cell), token, `${game}: ${token} on ${cell} after ${moves.join(' ')} from ${fen}`);
      }

      assert.deepEqual(page.errors, [], `${game}: page errors`);
      await page.close();
    });
  }
});
