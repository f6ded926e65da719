// The game page: the board, the record, the controls, clocks, analysis and the legend, kept in
// step with the server by a WebSocket (reconnecting after a drop or a server restart); with the
// comforts of a playing site (sounds, premoves, draw offers, a game-over dialog, typed moves, the
// board by keyboard) and the game's rules on the page (dice, options in words, the phase's help).

import { api, newSessionId, socketUrl } from './api';
import { createBoard, escapeHtml, type BoardView } from './board';
import { newBoardState, resetInteraction, type Intent } from './board-state';
import { readFenBoard } from './fen';
import { rematchRequest, rematchSeat, resultWords } from './game-over';
import {
  clockText,
  evaluationBar,
  fenAtPly,
  goToPly,
  isLive,
  isLowTime,
  newGameModel,
  numberMoves,
  pgnFileName,
  receiveState,
  recordText,
  uciCells,
  type StateSource,
} from './game-model';
import { diceHtml, rememberCreated } from './home';
import { renderLegend } from './legend';
import { findTypedMove, moveCompletions } from './move-input';
import { optionsInWords } from './option-labels';
import { phaseHelp } from './phase';
import { premoveToPlay } from './premove';
import { isMuted, playSound, setMuted, soundFor } from './sound';
import { loadGames, saveGame, tokenFor } from './storage';
import { placementPrompt, revealOf, reveals, unseenText } from './swan';
import type { Colour, GameState, Geometry } from './types';

type Navigate = (path: string) => void;

function gamePageHtml(): string {
  return `
    <div class="game-page">
      <div class="board-column">
        <div class="player top" id="player-top"></div>
        <div class="board-row">
          <div class="eval-bar" id="eval-bar" hidden><div class="eval-fill"></div><span class="eval-text"></span></div>
          <div id="board-host" class="board-host"></div>
        </div>
        <div class="player bottom" id="player-bottom"></div>
      </div>
      <aside class="side-column" aria-label="Game">
        <h1 id="game-title" class="game-title">Loading…</h1>
        <p id="setup-line" class="muted"></p>
        <div id="setup-info" class="setup-info"></div>
        <p class="rules-link"><a id="rules-link" href="/rules" data-route>Rules of this game</a></p>
        <p id="status" class="status" aria-live="polite"></p>
        <dialog id="game-over" class="game-over" aria-labelledby="game-over-title">
          <h2 id="game-over-title">Game over</h2>
          <p id="game-over-result" class="result"></p>
          <div class="row">
            <button type="button" class="primary" id="rematch">Rematch</button>
            <button type="button" id="open-analysis">Open in analysis</button>
            <button type="button" id="over-pgn">Download PGN</button>
            <button type="button" id="over-close">Close</button>
          </div>
          <p class="error" id="game-over-error" role="alert"></p>
        </dialog>
        <p id="phase-help" class="phase-help" aria-live="polite" hidden></p>
        <div id="draw-box" class="draw-box" hidden></div>
        <p id="premove-note" class="muted premove-note" aria-live="polite"></p>
        <form id="move-form" class="row move-form">
          <input id="move-input" list="move-completions" autocomplete="off" placeholder="Type a move (SAN or UCI)" aria-label="Type a move (SAN or UCI)">
          <datalist id="move-completions"></datalist>
          <button type="submit">Play</button>
        </form>
        <div id="links" class="links" hidden></div>
        <div id="referee" class="referee" hidden></div>
        <div class="nav row">
          <button type="button" data-nav="first" title="Start" aria-label="Start">«</button>
          <button type="button" data-nav="back" title="Back" aria-label="Back">‹</button>
          <button type="button" data-nav="forward" title="Forward" aria-label="Forward">›</button>
          <button type="button" data-nav="last" title="Now" aria-label="Now">»</button>
        </div>
        <ol id="moves" class="moves" aria-label="Moves"></ol>
        <div id="analysis" class="analysis" hidden><div id="pv" class="pv"></div></div>
        <div class="controls row">
          <button type="button" id="flip">Flip</button>
          <button type="button" id="takeback">Take back</button>
          <button type="button" id="resign">Resign</button>
          <button type="button" id="analyse">Analyse</button>
          <button type="button" id="mute" aria-pressed="false">Sound on</button>
        </div>
        <div class="controls row">
          <button type="button" id="copy-fen">Copy FEN</button>
          <button type="button" id="copy-pgn">Copy PGN</button>
          <button type="button" id="download-pgn">Download PGN</button>
        </div>
        <div class="row load-fen">
          <input id="fen-input" placeholder="FEN to study (opens an analysis board)" aria-label="FEN to study">
          <button type="button" id="load-fen">Load</button>
        </div>
        <input id="fen-text" class="fen-text" readonly aria-label="Current FEN">
        <p id="error" class="error" role="alert"></p>
        <p class="muted"><a href="/" data-route>New game</a></p>
      </aside>
    </div>
    <section class="panel legend" id="legend" aria-label="Pieces"></section>
`;
}

function playerLine(game: GameState, colour: Colour): string {
  let who = colour === 'white' ? 'White' : 'Black';
  if (game.engine?.color === colour) who += ` · engine level ${game.engine.level}`;
  else if (game.seat === colour) who += ' · you';
  const clock = game.clock
    ? `<span class="clock ${game.clock.running === colour ? 'running' : ''}" data-clock="${colour}" role="timer" aria-label="${colour} clock"></span>`
    : '';
  return `<span class="side-dot ${colour}"></span><span>${escapeHtml(who)}</span>${clock}`;
}

// Black Swan: the referee's commitment to its seed before move 1, the seed after the game with
// how to check it, what each swan turned over became, and how many tiles each side has not seen.
function refereeHtml(game: GameState): string {
  const bs = game.blackswan!;
  const unseen = (['white', 'black'] as const)
    .map((side) => `<div data-unseen="${side}">${side === 'white' ? 'White' : 'Black'} unseen: ${escapeHtml(unseenText(bs.unseen?.[side], bs.tiles))}</div>`)
    .join('');
  const shown = reveals(game.moves);
  const revealList = shown.length
    ? '<div>Turned over:</div><ul class="reveals">' +
      shown
        .slice(-8)
        .map((r) => `<li data-reveal="${r.ply}">${escapeHtml(r.san)}: ${escapeHtml(r.what)}</li>`)
        .join('') +
      '</ul>'
    : '<div class="muted">No swan turned over yet.</div>';
  return (
    `<div>Commitment <code class="commitment">${escapeHtml(bs.commitment ?? '')}</code></div>` +
    (bs.seed
      ? `<div>Seed <code class="seed">${escapeHtml(bs.seed)}</code></div>` +
        '<div class="muted verify-how">Check every draw: download the PGN and run <code>menagerie verify FILE.pgn</code> (the seed must hash to the commitment).</div>'
      : '<div class="muted">The seed is shown when the game ends.</div>') +
    unseen +
    revealList
  );
}

// The draw offer's controls for a seat of an online game, or the offer's news for a spectator.
function drawBoxHtml(game: GameState): string {
  const mine = game.seat === 'white' || game.seat === 'black' ? game.seat : null;
  const offer = game.draw_offer ?? null;
  const side = (c: Colour): string => (c === 'white' ? 'White' : 'Black');
  if (!mine) return offer ? `<span data-draw-offer="${offer}">${side(offer)} offers a draw</span>` : '';
  if (!offer) return '<button type="button" data-draw="offer">Offer draw</button>';
  if (offer === mine) return `<span data-draw-offer="${offer}">You offer a draw (your opponent’s move declines it)</span>`;
  return (
    `<span data-draw-offer="${offer}">Your opponent offers a draw</span> ` +
    '<button type="button" class="primary" data-draw="accept">Accept draw</button> <button type="button" data-draw="decline">Decline</button>'
  );
}

export async function renderGame(root: HTMLElement, id: string, tokenParam: string | null, navigate: Navigate): Promise<() => void> {
  const token = tokenParam ?? tokenFor(id);
  root.innerHTML = gamePageHtml();

  const $ = <T extends HTMLElement>(sel: string): T => root.querySelector<T>(sel)!;
  const errorBox = $('#error');
  const model = newGameModel();
  let board: BoardView | null = null;
  let geometry: Geometry | null = null;
  let cellNames = new Set<string>();
  let flipped = false;
  let analysing = false;
  let analysisRequest = 0;
  // The server stops this page's older analysis when a newer one comes (moving through the game).
  const analysisSession = newSessionId();
  let socket: WebSocket | null = null;
  let closed = false;
  let reconnectDelay = 500;
  let clockBase = { at: performance.now(), white: 0, black: 0 };
  let enginePlays = true; // whether the engine plays this game (analysis is offered)
  let lowTimeWarned = -1; // the ply whose low time was sounded

  const showError = (text: string): void => {
    errorBox.textContent = text;
  };

  async function firstLoad(): Promise<void> {
    let state: GameState;
    try {
      state = await api.game(id, token ?? undefined);
    } catch (e) {
      $('#game-title').textContent = 'Game not found';
      showError((e as Error).message);
      return;
    }
    try {
      geometry = await api.board(state.variant, state.options);
    } catch (e) {
      showError(`The board of ${state.variant} could not be loaded: ${(e as Error).message}`);
      return;
    }
    try {
      enginePlays = (await api.variants()).find((v) => v.name === state.variant)?.engine !== false;
    } catch {
      // Without the list, analysis stays offered; the server answers if it cannot.
    }
    cellNames = new Set(geometry.cells.map((c) => c.name));
    const boardState = newBoardState(geometry, geometry.pieces ?? []);
    board = createBoard($('#board-host'), boardState, (intent) => void onIntent(intent));
    if (token && state.seat !== 'spectator' && !loadGames().some((g) => g.id === id && g.token === token))
      saveGame({ id, variant: state.variant, mode: state.mode, seat: state.seat, token, saved: Date.now() });
    analysing = state.mode === 'analysis';
    receiveState(model, state);
    render();
    renderLegend($('#legend'), state.variant, state.options, geometry, state.piece_types, state.promotions);
    void showSetupInfo(state);
    connect();
  }

  // Chess 56 / 2016: the dice that made the setup and the substitutions, in words, as the
  // server rolled them (its /api/roll for the game's own setup).
  async function showSetupInfo(game: GameState): Promise<void> {
    const box = $('#setup-info');
    if (!game.options.dice || !game.setup) return;
    const options = { ...game.options };
    delete options.dice;
    try {
      box.innerHTML = `<div class="dice-title">The dice of this game</div>${diceHtml(await api.rollOf(game.variant, options, game.setup))}`;
    } catch (e) {
      box.textContent = `The dice could not be shown: ${(e as Error).message}`;
    }
  }

  function connect(): void {
    if (closed) return;
    const ws = new WebSocket(socketUrl(id, token));
    socket = ws;
    ws.onopen = () => {
      reconnectDelay = 500;
      root.classList.remove('offline');
    };
    ws.onmessage = (event) => {
      let message: { type: string; state?: GameState; error?: string };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'state' && message.state) accept(message.state, 'push');
      else if (message.type === 'error' && message.error) showError(message.error);
    };
    ws.onclose = () => {
      if (closed) return;
      root.classList.add('offline');
      setTimeout(connect, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 5000);
    };
  }

  // Every state from the server comes through here: the sound it calls for, a premove due, the
  // game-over dialog, and the redraw.
  function accept(state: GameState, source: StateSource): void {
    const before = model.game;
    if (!receiveState(model, state, source)) return;
    const sound = soundFor(before, state);
    if (sound) playSound(sound);
    if (before && before.status === 'playing' && state.status === 'over') showGameOver(state);
    render();
    playPremove();
  }

  function playPremove(): void {
    const bs = board?.state;
    const game = model.game;
    if (!bs?.premove || !game || game.legal.length === 0 || !isLive(model) || model.pending) return;
    const premove = bs.premove;
    bs.premove = null;
    const move = premoveToPlay(game.legal, premove);
    $('#premove-note').textContent = move ? '' : `Premove ${premove.from}–${premove.to} was not legal: dropped`;
    if (move) void onIntent({ kind: 'move', move });
    else board!.draw();
  }

  async function onIntent(intent: Intent): Promise<void> {
    if (intent.kind === 'premove') {
      board!.state.premove = intent.premove;
      $('#premove-note').textContent = `Premove ${intent.premove.from}–${intent.premove.to} (click the board or press Escape to cancel)`;
      board!.draw();
      return;
    }
    if (intent.kind === 'choose') return; // the board shows the chooser; its answer comes back as a move
    if (intent.kind !== 'move' || !model.game || !token) return;
    if (model.pending) return;
    model.pending = true;
    showError('');
    $('#premove-note').textContent = '';
    try {
      accept(await api.move(id, token, intent.move.uci, model.game.ply), 'answer');
    } catch (e) {
      model.pending = false;
      showError((e as Error).message);
      try {
        accept(await api.game(id, token), 'answer');
      } catch {
        // The socket will bring the state when the server is back.
      }
    }
    render();
  }

  function render(): void {
    const game = model.game;
    if (!game || !board || !geometry) return;
    const live = isLive(model);
    const fen = fenAtPly(game, model.viewPly, model.seen) ?? game.fen;
    drawBoard(game, live, fen);
    $('#game-title').textContent = game.title;
    ($('#rules-link') as HTMLAnchorElement).href = `/rules/${encodeURIComponent(game.variant)}`;
    $('#setup-line').textContent = [
      game.setup ? `setup ${game.setup}` : '',
      ...optionsInWords(game.options),
      game.mode === 'engine' ? 'against the engine' : game.mode === 'local' ? 'two players, one screen' : game.mode,
    ]
      .filter(Boolean)
      .join(' · ');
    $('#status').innerHTML = statusHtml(game);
    $('#fen-text').setAttribute('value', fen);
    ($('#fen-text') as HTMLInputElement).value = fen;
    renderMoves(game);
    renderPlayers(game);
    renderLinks(game);
    renderReferee(game);
    renderPlayAids(game, live);
    renderControls(game);
    root.dataset.ply = String(game.ply);
    root.dataset.status = game.status;
    root.dataset.result = game.result;
    root.dataset.thinking = String(!!game.engine?.thinking);
    if (analysing) scheduleAnalysis();
    else $('#eval-bar').hidden = $('#analysis').hidden = true;
  }

  function drawBoard(game: GameState, live: boolean, fen: string): void {
    const bs = board!.state;
    try {
      bs.pieces = readFenBoard(fen, geometry!, bs.pieceInfo.map((p) => p.token));
    } catch (e) {
      showError(`Cannot draw this position: ${(e as Error).message}`);
    }
    const seatColour = game.seat === 'black' ? 'black' : 'white';
    bs.orientation = flipped ? (seatColour === 'white' ? 'black' : 'white') : seatColour;
    bs.legal = live && !model.pending ? game.legal : [];
    // Premoves while the other side (a person online, or the engine) is to move.
    const mine = game.seat === 'white' || game.seat === 'black' ? game.seat : game.engine ? (game.engine.color === 'white' ? 'black' : 'white') : null;
    bs.premoveColour = live && game.status === 'playing' && mine && game.turn !== mine && game.mode !== 'analysis' ? mine : null;
    if (!bs.premoveColour && game.legal.length === 0) bs.premove = null;
    if (live) {
      bs.lastMove = game.last_move;
      bs.check = game.check;
    } else {
      bs.lastMove = model.viewPly > 0 ? uciCells(game.moves[model.viewPly - 1].uci, cellNames) : null;
      bs.check = [];
    }
    const turned = model.viewPly > 0 ? revealOf(game.moves[model.viewPly - 1], model.viewPly) : null;
    bs.reveal = turned && turned.cell ? { cell: turned.cell, ply: turned.ply } : null;
    if (!bs.premoveColour && !bs.legal.some((m) => m.from === bs.selected)) resetInteraction(bs);
    board!.element.dataset.ply = String(game.ply);
    board!.element.dataset.viewPly = String(model.viewPly);
    board!.element.dataset.turn = game.turn;
    board!.element.dataset.status = game.status;
    // Drawn at once, so the board never shows an older position than the page's record and stamps.
    board!.draw();
  }

  function renderControls(game: GameState): void {
    ($('#resign') as HTMLButtonElement).disabled = game.status !== 'playing' || game.seat === 'spectator';
    // A refereed game (Black Swan) refuses takebacks: a swan once turned over stays seen.
    ($('#takeback') as HTMLButtonElement).disabled =
      game.mode === 'online' || game.seat === 'spectator' || game.ply === 0 || !!game.blackswan;
    $('#analyse').textContent = analysing ? 'Stop analysis' : 'Analyse';
    // No engine help for a player while an online game is on.
    ($('#analyse') as HTMLButtonElement).disabled =
      !enginePlays || (game.mode === 'online' && game.status === 'playing' && game.seat !== 'spectator');
    const muted = isMuted();
    $('#mute').textContent = muted ? 'Sound off' : 'Sound on';
    $('#mute').setAttribute('aria-pressed', String(muted));
  }

  // The phase's help, the draw offer, and typed moves with their completions.
  function renderPlayAids(game: GameState, live: boolean): void {
    const help = live && geometry ? phaseHelp(game.legal, geometry, board!.state.pieceInfo, null) : null;
    const helpBox = $('#phase-help');
    helpBox.hidden = !help;
    helpBox.textContent = help?.text ?? '';
    helpBox.dataset.phase = help?.kind ?? '';
    const drawBox = $('#draw-box');
    drawBox.hidden = game.mode !== 'online' || game.status !== 'playing';
    if (!drawBox.hidden) drawBox.innerHTML = drawBoxHtml(game);
    const form = $('#move-form');
    form.hidden = game.seat === 'spectator' || game.status !== 'playing';
    $('#move-completions').innerHTML = moveCompletions(live ? game.legal : [])
      .map((m) => `<option value="${escapeHtml(m)}"></option>`)
      .join('');
  }

  function statusHtml(game: GameState): string {
    if (game.status === 'over') return `<strong class="result">${escapeHtml(game.result)}</strong> ${escapeHtml(game.reason ?? '')}`;
    let text = `${game.turn === 'white' ? 'White' : 'Black'} to move`;
    if (game.engine?.thinking) text += ' · the engine is thinking…';
    if (game.seat === 'spectator') text += ' · watching';
    const place = isLive(model) ? placementPrompt(game.legal) : null;
    if (place) text += ` · ${place}`;
    if (model.viewPly !== game.ply) text += ` · looking at ply ${model.viewPly}`;
    return escapeHtml(text);
  }

  function renderMoves(game: GameState): void {
    const numbered = numberMoves(game.start_fen, game.moves);
    const list = $('#moves');
    list.innerHTML = numbered
      .map(
        (m) =>
          `<li class="move ${m.side}${m.ply === model.viewPly ? ' current' : ''}" data-ply="${m.ply}">` +
          `<span class="num">${m.side === 'white' ? `${m.number}.` : `${m.number}…`}</span>${escapeHtml(m.san)}</li>`,
      )
      .join('');
    list.title = recordText(numbered);
    list.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
    for (const b of root.querySelectorAll<HTMLButtonElement>('[data-nav]')) {
      const target = navTarget(b.dataset.nav!);
      b.disabled = target === model.viewPly || fenAtPly(game, target, model.seen) === null;
    }
    for (const li of list.querySelectorAll<HTMLElement>('[data-ply]'))
      li.classList.toggle('unknown', fenAtPly(game, Number(li.dataset.ply), model.seen) === null);
  }

  function renderPlayers(game: GameState): void {
    const bottom = board!.state.orientation;
    const top = bottom === 'white' ? 'black' : 'white';
    $('#player-top').innerHTML = playerLine(game, top);
    $('#player-bottom').innerHTML = playerLine(game, bottom);
    if (game.clock) clockBase = { at: performance.now(), white: game.clock.white_ms, black: game.clock.black_ms };
    tickClocks();
  }

  function tickClocks(): void {
    const game = model.game;
    const clock = game?.clock;
    if (!game || !clock) return;
    const spent = clock.running && game.status === 'playing' ? performance.now() - clockBase.at : 0;
    for (const colour of ['white', 'black'] as const) {
      const el = root.querySelector<HTMLElement>(`[data-clock=${colour}]`);
      if (!el) continue;
      const left = clockBase[colour] - (clock.running === colour ? spent : 0);
      el.textContent = clockText(left);
      const low = game.status === 'playing' && isLowTime(left, clock.initial_ms);
      el.classList.toggle('low', low);
      // One warning a turn, for this seat's own running clock.
      if (low && clock.running === colour && game.seat === colour && lowTimeWarned !== game.ply) {
        lowTimeWarned = game.ply;
        playSound('low-time');
      }
    }
  }
  const clockTimer = window.setInterval(tickClocks, 100);

  function renderLinks(game: GameState): void {
    const links = loadGames().find((g) => g.id === id && g.links)?.links;
    const box = $('#links');
    if (game.mode !== 'online' || !links) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const origin = window.location.origin;
    const item = (label: string, path?: string): string =>
      path ? `<label>${label}<input readonly value="${escapeHtml(origin + path)}" data-link="${label.toLowerCase()}"></label>` : '';
    box.innerHTML = '<strong>Send these links</strong>' + item('White', links.white) + item('Black', links.black) + item('Spectator', links.spectator);
  }

  function renderReferee(game: GameState): void {
    const box = $('#referee');
    box.hidden = !game.blackswan;
    if (game.blackswan) box.innerHTML = refereeHtml(game);
  }

  function showGameOver(game: GameState): void {
    const dialog = $('#game-over') as HTMLDialogElement;
    $('#game-over-result').textContent = resultWords(game);
    $('#game-over-error').textContent = '';
    const analysis = $('#open-analysis') as HTMLButtonElement;
    // A refereed record is checked with `menagerie verify`, not continued: no analysis board.
    analysis.disabled = !!game.blackswan || !enginePlays;
    // Not modal: the page stays usable (the record, the PGN, the board to look back on).
    if (!dialog.open) dialog.show();
    dialog.dataset.result = game.result;
  }

  async function rematch(): Promise<void> {
    const game = model.game!;
    const request = rematchRequest(game);
    const created = await api.createGame(request);
    let path = rememberCreated(created, request);
    const seat = rematchSeat(game);
    const seatToken = seat === 'both' ? undefined : created.tokens[seat];
    if (game.mode === 'online' && seatToken) path = `/game/${encodeURIComponent(created.id)}?token=${encodeURIComponent(seatToken)}`;
    navigate(path);
  }

  async function openInAnalysis(): Promise<void> {
    const game = model.game!;
    const created = await api.createGame({ variant: game.variant, options: {}, pgn: await api.pgn(id), mode: 'analysis' });
    navigate(rememberCreated(created, { variant: game.variant, options: {}, mode: 'analysis' }));
  }

  let analysisTimer = 0;
  function scheduleAnalysis(): void {
    window.clearTimeout(analysisTimer);
    analysisTimer = window.setTimeout(() => void analyse(), 150);
  }

  async function analyse(): Promise<void> {
    const game = model.game;
    if (!game) return;
    const request = ++analysisRequest;
    const ply = model.viewPly;
    $('#eval-bar').hidden = false;
    $('#analysis').hidden = false;
    try {
      const result = await api.analyse({
        variant: game.variant,
        options: game.options,
        fen: game.start_fen,
        moves: game.moves.slice(0, ply).map((m) => m.uci),
        movetime_ms: 700,
        session: analysisSession,
      });
      if (request !== analysisRequest || !analysing) return;
      const turn = (fenAtPly(game, ply, model.seen) ?? game.fen).split(/\s+/)[1] === 'b' ? 'black' : 'white';
      const bar = evaluationBar(result, turn);
      const fill = root.querySelector<HTMLElement>('.eval-fill')!;
      fill.style.height = `${Math.round(bar.white * 100)}%`;
      root.querySelector('.eval-text')!.textContent = bar.text;
      $('#eval-bar').dataset.score = bar.text;
      $('#pv').innerHTML = result.over
        ? `<span class="score">${escapeHtml(bar.text)}</span> <span class="muted">${escapeHtml(result.over.reason)}</span>`
        : `<span class="score">${escapeHtml(bar.text)}</span> <span class="muted">depth ${result.depth}</span> ` +
          result.pv.map((m) => escapeHtml(m.san)).join(' ');
    } catch (e) {
      if (request === analysisRequest) $('#pv').textContent = `Analysis failed: ${(e as Error).message}`;
    }
  }

  // The ply a navigation button goes to ("first" is the earliest position known here).
  function navTarget(nav: string): number {
    const game = model.game!;
    if (nav === 'first') {
      for (let p = 0; p <= game.ply; p++) if (fenAtPly(game, p, model.seen) !== null) return p;
    }
    return { back: model.viewPly - 1, forward: model.viewPly + 1, last: game.ply }[nav] ?? model.viewPly;
  }

  // Runs a request of a control, showing its error in `box`.
  const guarded =
    (action: () => Promise<void>, box: HTMLElement = errorBox) =>
    (): void => {
      action().catch((e: Error) => {
        box.textContent = e.message;
      });
    };

  function wireControls(): void {
    root.querySelector('.nav')!.addEventListener('click', (e) => {
      const nav = (e.target as HTMLElement).closest<HTMLElement>('[data-nav]')?.dataset.nav;
      if (!nav || !model.game) return;
      if (goToPly(model, navTarget(nav))) render();
    });
    $('#moves').addEventListener('click', (e) => {
      const li = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]');
      if (li && goToPly(model, Number(li.dataset.ply))) render();
    });
    $('#flip').addEventListener('click', () => {
      flipped = !flipped;
      render();
    });
    $('#resign').addEventListener(
      'click',
      guarded(async () => {
        if (!token || !confirm('Resign this game?')) return;
        accept(await api.resign(id, token), 'answer');
      }),
    );
    $('#takeback').addEventListener(
      'click',
      guarded(async () => {
        if (!token) return;
        model.following = true;
        accept(await api.takeback(id, token), 'takeback');
      }),
    );
    $('#analyse').addEventListener('click', () => {
      analysing = !analysing;
      analysisRequest++;
      render();
    });
    $('#mute').addEventListener('click', () => {
      setMuted(!isMuted());
      render();
    });
    $('#draw-box').addEventListener('click', (e) => {
      const action = (e.target as HTMLElement).closest<HTMLElement>('[data-draw]')?.dataset.draw as 'offer' | 'accept' | 'decline' | undefined;
      if (action && token) guarded(async () => accept(await api.draw(id, token, action), 'answer'))();
    });
    $('#move-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = $('#move-input') as HTMLInputElement;
      const game = model.game;
      if (!game || !isLive(model)) return;
      const move = findTypedMove(game.legal, input.value);
      if (!move) {
        showError(`${JSON.stringify(input.value.trim())} is not a legal move here`);
        return;
      }
      input.value = '';
      void onIntent({ kind: 'move', move });
    });
    $('#copy-fen').addEventListener('click', () => void copy(($('#fen-text') as HTMLInputElement).value, 'FEN'));
    $('#copy-pgn').addEventListener(
      'click',
      guarded(async () => copy(await api.pgn(id), 'PGN')),
    );
    $('#download-pgn').addEventListener('click', guarded(downloadPgn));
    $('#over-pgn').addEventListener('click', guarded(downloadPgn, $('#game-over-error')));
    $('#rematch').addEventListener('click', guarded(rematch, $('#game-over-error')));
    $('#open-analysis').addEventListener('click', guarded(openInAnalysis, $('#game-over-error')));
    $('#over-close').addEventListener('click', () => ($('#game-over') as HTMLDialogElement).close());
    $('#load-fen').addEventListener(
      'click',
      guarded(async () => {
        const fen = ($('#fen-input') as HTMLInputElement).value.trim();
        if (!fen || !model.game) return;
        const created = await api.createGame({ variant: model.game.variant, options: model.game.options, fen, mode: 'analysis' });
        const t = created.tokens.both!;
        saveGame({ id: created.id, variant: model.game.variant, mode: 'analysis', seat: 'both', token: t, saved: Date.now() });
        navigate(`/game/${encodeURIComponent(created.id)}?token=${encodeURIComponent(t)}`);
      }),
    );
  }

  async function downloadPgn(): Promise<void> {
    const pgn = await api.pgn(id);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    a.download = pgnFileName(model.game ?? { variant: 'game', id });
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  const onKey = (e: KeyboardEvent): void => {
    // The board, the fields and the dialog keep their own keys.
    if (!model.game || (e.target as Element).closest('input, textarea, select, svg.board, dialog')) return;
    if (e.key === 'ArrowLeft') goToPly(model, model.viewPly - 1);
    else if (e.key === 'ArrowRight') goToPly(model, model.viewPly + 1);
    else if (e.key === 'f') flipped = !flipped;
    else return;
    render();
  };
  window.addEventListener('keydown', onKey);

  async function copy(text: string, what: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      showError('');
      $('#status').dataset.copied = what;
    } catch {
      // No clipboard (an insecure page): show the text to copy by hand.
      window.prompt(`Copy the ${what}:`, text);
    }
    root.dataset.copied = text;
  }

  wireControls();
  await firstLoad();
  return () => {
    closed = true;
    socket?.close();
    window.clearInterval(clockTimer);
    window.removeEventListener('keydown', onKey);
  };
}
