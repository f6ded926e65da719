// The game page: the board, the record, the controls, clocks, analysis and the legend, kept in
// step with the server by a WebSocket (reconnecting after a drop or a server restart); with the
// comforts of a playing site (sounds, premoves, draw offers, a game-over dialog, typed moves, the
// board by keyboard) and the game's rules on the page (dice, options in words, the phase's help).

import { playerLink, signedIn } from './account';
import { api, ApiError, newSessionId, socketUrl } from './api';
import { createBoard, escapeHtml, type BoardView } from './board';
import { dropStaleInteraction, newBoardState, type Intent } from './board-state';
import { readFenBoard } from './fen';
import { rematchChallenge, rematchRequest, rematchSeat, resultWords } from './game-over';
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
import { diceHtml } from './dice';
import { rememberCreated } from './home';
import { renderLegend } from './legend';
import { findTypedMove, moveCompletions } from './move-input';
import { optionsInWords } from './option-labels';
import { phaseHelp } from './phase';
import { premoveToPlay } from './premove';
import { deadlineIsNear, deadlineText, timeControlText } from './players';
import { isMuted, playSound, setMuted, soundFor } from './sound';
import { loadGames, saveGame, saveSeek, tokenFor } from './storage';
import {
  contributionProblem,
  contributionSides,
  freshContribution,
  placementPrompt,
  revealOf,
  reveals,
  unseenText,
} from './swan';
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
        <p id="deadline" class="deadline" hidden></p>
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
        <div id="note-box" class="note-box" hidden>
          <label for="note-text">Your note on this game <span class="muted">(only you see it)</span></label>
          <textarea id="note-text" rows="3" maxlength="10000"></textarea>
          <div class="row"><button type="button" id="save-note">Save note</button><span id="note-status" class="muted" aria-live="polite"></span></div>
        </div>
        <div id="referee" class="referee" hidden></div>
        <form id="contribute" class="contribute" hidden>
          <input data-side="white" maxlength="64" autocomplete="off" spellcheck="false" aria-label="White's contribution to the randomness">
          <input data-side="black" maxlength="64" autocomplete="off" spellcheck="false" aria-label="Black's contribution to the randomness">
          <button type="submit">Give</button>
        </form>
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

// A side's line above or below the board: its colour, the account holding it with its rating
// when the game began (and now, once a rated game has ended here), the engine, or "you".
function playerLine(game: GameState, colour: Colour, ratingNow?: number): string {
  let who = escapeHtml(colour === 'white' ? 'White' : 'Black');
  const holder = game.players?.[colour];
  if (holder) {
    const after = ratingNow !== undefined && Math.round(ratingNow) !== holder.rating ? ` → ${Math.round(ratingNow)}` : '';
    who += ` · ${playerLink(holder.name)} <span class="rating" data-rating="${colour}">(${holder.rating}${after})</span>`;
  }
  if (game.engine?.color === colour) who += ` · engine level ${game.engine.level}`;
  else if (game.seat === colour) who += ' · you';
  const clock = game.clock
    ? `<span class="clock ${game.clock.running === colour ? 'running' : ''}" data-clock="${colour}" role="timer" aria-label="${colour} clock"></span>`
    : '';
  return `<span class="side-dot ${colour}"></span><span>${who}</span>${clock}`;
}

// A wait before a seat that does not make the first move gives its contribution by itself, so
// that its player may type one of their own instead.
const CONTRIBUTION_PAUSE_MS = 2000;

// Black Swan: the referee's commitment to its seed before move 1, the players' contributions,
// the seed after the game with how to check it, what each swan turned over became, and how many
// tiles each side has not seen.
function refereeHtml(game: GameState): string {
  const bs = game.blackswan!;
  const contribution = (side: Colour): string => {
    const text = bs.contributions?.[side];
    const name = side === 'white' ? 'White' : 'Black';
    if (text) return `${name} <code data-contribution="${side}">${escapeHtml(text)}</code>`;
    return `${name} <span class="muted" data-contribution="${side}">${bs.contributions_open ? 'not yet' : 'none'}</span>`;
  };
  const contributions =
    `<div class="contributions">Contributions: ${contribution('white')} · ${contribution('black')}</div>` +
    (bs.contributions_open ? '<div class="muted">Each side may add randomness of its own until the first move.</div>' : '');
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
    contributions +
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

/** One game page: its state, what it draws, and what its controls and the server's pushes do. */
class GamePage {
  private readonly model = newGameModel();
  private readonly errorBox: HTMLElement;
  private board: BoardView | null = null;
  private geometry: Geometry | null = null;
  private cellNames = new Set<string>();
  private flipped = false;
  private analysing = false;
  private analysisRequest = 0;
  private analysisTimer = 0;
  // The server stops this page's older analysis when a newer one comes (moving through the game).
  private readonly analysisSession = newSessionId();
  private socket: WebSocket | null = null;
  private closed = false;
  private reconnectDelay = 500;
  private clockBase = { at: performance.now(), white: 0, black: 0 };
  private readonly clockTimer: number;
  private enginePlays = true; // whether the engine plays this game (analysis is offered)
  private lowTimeWarned = -1; // the ply whose low time was sounded
  private contributionTimer = 0;
  private contributing: Promise<boolean> | null = null;
  private note = ''; // this seat's note as the server has it (only its own GET carries it)
  private ratingsNow: Partial<Record<Colour, number>> = {}; // after a rated game ended here
  private deadlineShown = '';

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
    private readonly token: string | null,
    private readonly navigate: Navigate,
  ) {
    root.innerHTML = gamePageHtml();
    this.errorBox = this.$('#error');
    this.clockTimer = window.setInterval(() => this.tickClocks(), 100);
    window.addEventListener('keydown', this.onKey);
    this.wireControls();
    this.wireGameControls();
    this.wirePgnControls();
    this.wireNote();
  }

  leave(): void {
    this.closed = true;
    this.socket?.close();
    window.clearInterval(this.clockTimer);
    window.clearTimeout(this.contributionTimer);
    window.removeEventListener('keydown', this.onKey);
  }

  private $<T extends HTMLElement>(sel: string): T {
    return this.root.querySelector<T>(sel)!;
  }

  private readonly showError = (text: string): void => {
    this.errorBox.textContent = text;
  };

  async firstLoad(): Promise<void> {
    let state: GameState;
    try {
      state = await api.game(this.id, this.token ?? undefined);
    } catch (e) {
      this.$('#game-title').textContent = 'Game not found';
      this.showError((e as Error).message);
      return;
    }
    try {
      this.geometry = await api.board(state.variant, state.options);
    } catch (e) {
      this.showError(`The board of ${state.variant} could not be loaded: ${(e as Error).message}`);
      return;
    }
    try {
      this.enginePlays = (await api.variants()).find((v) => v.name === state.variant)?.engine !== false;
    } catch {
      // Without the list, analysis stays offered; the server answers if it cannot.
    }
    this.cellNames = new Set(this.geometry.cells.map((c) => c.name));
    const boardState = newBoardState(this.geometry, this.geometry.pieces ?? []);
    this.board = createBoard(this.$('#board-host'), boardState, (intent) => void this.onIntent(intent));
    if (this.token && state.seat !== 'spectator' && !loadGames().some((g) => g.id === this.id && g.token === this.token))
      saveGame({ id: this.id, variant: state.variant, mode: state.mode, seat: state.seat, token: this.token, saved: Date.now() });
    this.analysing = state.mode === 'analysis';
    this.note = state.note ?? '';
    (this.$('#note-text') as HTMLTextAreaElement).value = this.note;
    receiveState(this.model, state);
    this.render();
    renderLegend(this.$('#legend'), state.variant, state.options, this.geometry, state.piece_types, state.promotions);
    void this.showSetupInfo(state);
    this.connect();
  }

  // Chess 56 / 2016: the dice that made the setup and the substitutions, in words, as the
  // server rolled them (its /api/roll for the game's own setup).
  async showSetupInfo(game: GameState): Promise<void> {
    const box = this.$('#setup-info');
    if (!game.options.dice || !game.setup) return;
    const options = { ...game.options };
    delete options.dice;
    try {
      box.innerHTML = `<div class="dice-title">The dice of this game</div>${diceHtml(await api.rollOf(game.variant, options, game.setup))}`;
    } catch (e) {
      box.textContent = `The dice could not be shown: ${(e as Error).message}`;
    }
  }

  connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(socketUrl(this.id, this.token));
    this.socket = ws;
    ws.onopen = () => {
      this.reconnectDelay = 500;
      this.root.classList.remove('offline');
    };
    ws.onmessage = (event) => {
      let message: { type: string; state?: GameState; error?: string };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'state' && message.state) this.accept(message.state, 'push');
      else if (message.type === 'error' && message.error) this.showError(message.error);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.root.classList.add('offline');
      setTimeout(() => this.connect(), this.reconnectDelay);
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, 5000);
    };
  }

  // Every state from the server comes through here: the sound it calls for, a premove due, the
  // game-over dialog, and the redraw.
  accept(state: GameState, source: StateSource): void {
    const before = this.model.game;
    if (!receiveState(this.model, state, source)) return;
    const sound = soundFor(before, state);
    if (sound) playSound(sound);
    if (before && before.status === 'playing' && state.status === 'over') {
      this.showGameOver(state);
      if (state.rated) void this.showRatingsNow(state);
    }
    this.render();
    this.playPremove();
  }

  playPremove(): void {
    const bs = this.board?.state;
    const game = this.model.game;
    if (!bs?.premove || !game || game.legal.length === 0 || !isLive(this.model) || this.model.pending) return;
    const premove = bs.premove;
    bs.premove = null;
    const move = premoveToPlay(game.legal, premove);
    this.$('#premove-note').textContent = move ? '' : `Premove ${premove.from}–${premove.to} was not legal: dropped`;
    if (move) void this.onIntent({ kind: 'move', move });
    else this.board!.draw();
  }

  async onIntent(intent: Intent): Promise<void> {
    if (intent.kind === 'premove') {
      this.board!.state.premove = intent.premove;
      this.$('#premove-note').textContent = `Premove ${intent.premove.from}–${intent.premove.to} (click the board or press Escape to cancel)`;
      this.board!.draw();
      return;
    }
    // A click that picked nothing, or Escape, may have cancelled the premove: so may its note.
    if (intent.kind === 'none' && !this.board!.state.premove) this.$('#premove-note').textContent = '';
    if (intent.kind === 'choose') return; // the board shows the chooser; its answer comes back as a move
    if (intent.kind !== 'move' || !this.model.game) return;
    if (this.model.pending) return;
    this.model.pending = true;
    this.showError('');
    this.$('#premove-note').textContent = '';
    try {
      // The first move closes the contributions: this seat's go in first (their answers are
      // older than the move's).
      if (contributionSides(this.model.game).length > 0 && !(await this.contribute(false))) {
        this.model.pending = false;
        this.render();
        return;
      }
      this.accept(await api.move(this.id, this.token, intent.move.uci, this.model.game.ply), 'answer');
    } catch (e) {
      this.model.pending = false;
      this.showError((e as Error).message);
      try {
        this.accept(await api.game(this.id, this.token ?? undefined), 'answer');
      } catch {
        // The socket will bring the state when the server is back.
      }
    }
    this.render();
  }

  render(): void {
    const game = this.model.game;
    if (!game || !this.board || !this.geometry) return;
    const live = isLive(this.model);
    const fen = fenAtPly(game, this.model.viewPly, this.model.seen) ?? game.fen;
    this.drawBoard(game, live, fen);
    this.$('#game-title').textContent = game.title;
    (this.$('#rules-link') as HTMLAnchorElement).href = `/rules/${encodeURIComponent(game.variant)}`;
    this.$('#setup-line').textContent = [
      game.setup ? `setup ${game.setup}` : '',
      ...optionsInWords(game.options),
      game.mode === 'engine' ? 'against the engine' : game.mode === 'local' ? 'two players, one screen' : game.mode,
      game.rated === undefined ? '' : game.rated ? 'rated' : 'casual',
      game.correspondence ? timeControlText({ days: game.correspondence.days_per_move }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    this.$('#status').innerHTML = this.statusHtml(game);
    this.$('#fen-text').setAttribute('value', fen);
    (this.$('#fen-text') as HTMLInputElement).value = fen;
    this.renderMoves(game);
    this.renderPlayers(game);
    this.renderLinks(game);
    this.renderNote(game);
    this.renderReferee(game);
    this.renderContribution(game);
    this.renderPlayAids(game, live);
    this.renderControls(game);
    this.root.dataset.ply = String(game.ply);
    this.root.dataset.status = game.status;
    this.root.dataset.result = game.result;
    this.root.dataset.thinking = String(!!game.engine?.thinking);
    if (this.analysing) this.scheduleAnalysis();
    else this.$('#eval-bar').hidden = this.$('#analysis').hidden = true;
  }

  drawBoard(game: GameState, live: boolean, fen: string): void {
    const bs = this.board!.state;
    try {
      bs.pieces = readFenBoard(fen, this.geometry!, bs.pieceInfo.map((p) => p.token));
    } catch (e) {
      this.showError(`Cannot draw this position: ${(e as Error).message}`);
    }
    const seatColour = game.seat === 'black' ? 'black' : 'white';
    bs.orientation = this.flipped ? (seatColour === 'white' ? 'black' : 'white') : seatColour;
    bs.legal = live && !this.model.pending ? game.legal : [];
    // Premoves while the other side (a person online, or the engine) is to move.
    const mine = game.seat === 'white' || game.seat === 'black' ? game.seat : game.engine ? (game.engine.color === 'white' ? 'black' : 'white') : null;
    bs.premoveColour = live && game.status === 'playing' && mine && game.turn !== mine && game.mode !== 'analysis' ? mine : null;
    if (!bs.premoveColour && game.legal.length === 0) bs.premove = null;
    if (live) {
      bs.lastMove = game.last_move;
      bs.check = game.check;
    } else {
      bs.lastMove = this.model.viewPly > 0 ? uciCells(game.moves[this.model.viewPly - 1].uci, this.cellNames) : null;
      bs.check = [];
    }
    const turned = this.model.viewPly > 0 ? revealOf(game.moves[this.model.viewPly - 1], this.model.viewPly) : null;
    bs.reveal = turned && turned.cell ? { cell: turned.cell, ply: turned.ply } : null;
    dropStaleInteraction(bs);
    this.board!.element.dataset.ply = String(game.ply);
    this.board!.element.dataset.viewPly = String(this.model.viewPly);
    this.board!.element.dataset.turn = game.turn;
    this.board!.element.dataset.status = game.status;
    // Drawn at once, so the board never shows an older position than the page's record and stamps.
    this.board!.draw();
  }

  renderControls(game: GameState): void {
    (this.$('#resign') as HTMLButtonElement).disabled = game.status !== 'playing' || game.seat === 'spectator';
    // A refereed game (Black Swan) refuses takebacks: a swan once turned over stays seen.
    (this.$('#takeback') as HTMLButtonElement).disabled =
      game.mode === 'online' || game.seat === 'spectator' || game.ply === 0 || !!game.blackswan;
    this.$('#analyse').textContent = this.analysing ? 'Stop analysis' : 'Analyse';
    // No engine help for a player while an online game is on.
    (this.$('#analyse') as HTMLButtonElement).disabled =
      !this.enginePlays || (game.mode === 'online' && game.status === 'playing' && game.seat !== 'spectator');
    const muted = isMuted();
    this.$('#mute').textContent = muted ? 'Sound off' : 'Sound on';
    this.$('#mute').setAttribute('aria-pressed', String(muted));
  }

  // The phase's help, the draw offer, and typed moves with their completions.
  renderPlayAids(game: GameState, live: boolean): void {
    const help = live && this.geometry ? phaseHelp(game.legal, this.geometry, this.board!.state.pieceInfo, null) : null;
    const helpBox = this.$('#phase-help');
    helpBox.hidden = !help;
    helpBox.textContent = help?.text ?? '';
    helpBox.dataset.phase = help?.kind ?? '';
    const drawBox = this.$('#draw-box');
    drawBox.hidden = game.mode !== 'online' || game.status !== 'playing';
    if (!drawBox.hidden) drawBox.innerHTML = drawBoxHtml(game);
    const form = this.$('#move-form');
    form.hidden = game.seat === 'spectator' || game.status !== 'playing';
    this.$('#move-completions').innerHTML = moveCompletions(live ? game.legal : [])
      .map((m) => `<option value="${escapeHtml(m)}"></option>`)
      .join('');
  }

  statusHtml(game: GameState): string {
    if (game.status === 'over') return `<strong class="result">${escapeHtml(game.result)}</strong> ${escapeHtml(game.reason ?? '')}`;
    let text = `${game.turn === 'white' ? 'White' : 'Black'} to move`;
    if (game.engine?.thinking) text += ' · the engine is thinking…';
    if (game.seat === 'spectator') text += ' · watching';
    const place = isLive(this.model) ? placementPrompt(game.legal) : null;
    if (place) text += ` · ${place}`;
    if (this.model.viewPly !== game.ply) text += ` · looking at ply ${this.model.viewPly}`;
    return escapeHtml(text);
  }

  renderMoves(game: GameState): void {
    const numbered = numberMoves(game.start_fen, game.moves);
    const list = this.$('#moves');
    list.innerHTML = numbered
      .map(
        (m) =>
          `<li class="move ${m.side}${m.ply === this.model.viewPly ? ' current' : ''}" data-ply="${m.ply}">` +
          `<span class="num">${m.side === 'white' ? `${m.number}.` : `${m.number}…`}</span>${escapeHtml(m.san)}</li>`,
      )
      .join('');
    list.title = recordText(numbered);
    list.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
    for (const b of this.root.querySelectorAll<HTMLButtonElement>('[data-nav]')) {
      const target = this.navTarget(b.dataset.nav!);
      b.disabled = target === this.model.viewPly || fenAtPly(game, target, this.model.seen) === null;
    }
    for (const li of list.querySelectorAll<HTMLElement>('[data-ply]'))
      li.classList.toggle('unknown', fenAtPly(game, Number(li.dataset.ply), this.model.seen) === null);
  }

  renderPlayers(game: GameState): void {
    const bottom = this.board!.state.orientation;
    const top = bottom === 'white' ? 'black' : 'white';
    this.$('#player-top').innerHTML = playerLine(game, top, this.ratingsNow[top]);
    this.$('#player-bottom').innerHTML = playerLine(game, bottom, this.ratingsNow[bottom]);
    if (game.clock) this.clockBase = { at: performance.now(), white: game.clock.white_ms, black: game.clock.black_ms };
    this.tickClocks();
  }

  tickClocks(): void {
    this.tickDeadline();
    const game = this.model.game;
    const clock = game?.clock;
    if (!game || !clock) return;
    const spent = clock.running && game.status === 'playing' ? performance.now() - this.clockBase.at : 0;
    for (const colour of ['white', 'black'] as const) {
      const el = this.root.querySelector<HTMLElement>(`[data-clock=${colour}]`);
      if (!el) continue;
      const left = this.clockBase[colour] - (clock.running === colour ? spent : 0);
      el.textContent = clockText(left);
      const low = game.status === 'playing' && isLowTime(left, clock.initial_ms);
      el.classList.toggle('low', low);
      // One warning a turn, for this seat's own running clock.
      if (low && clock.running === colour && game.seat === colour && this.lowTimeWarned !== game.ply) {
        this.lowTimeWarned = game.ply;
        playSound('low-time');
      }
    }
  }

  renderLinks(game: GameState): void {
    const links = loadGames().find((g) => g.id === this.id && g.links)?.links;
    const box = this.$('#links');
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

  // A correspondence game's deadline for the side to move, with the time left (each second).
  tickDeadline(): void {
    const game = this.model.game;
    const deadline = game?.status === 'playing' ? game.correspondence?.deadline : undefined;
    const box = this.$('#deadline');
    const now = Date.now();
    const mine = game?.seat === game?.turn;
    const text = deadline === undefined ? '' : `${mine ? 'Your move: ' : `${game!.turn === 'white' ? 'White' : 'Black'} to `}${deadlineText(deadline, now)}`;
    if (text === this.deadlineShown) return;
    this.deadlineShown = text;
    box.hidden = !text;
    box.textContent = text;
    box.classList.toggle('near', deadline !== undefined && deadlineIsNear(deadline, now, game!.correspondence!.days_per_move));
  }

  // A seat's private note (online games): kept on the server, read back only by this seat.
  renderNote(game: GameState): void {
    this.$('#note-box').hidden = game.mode !== 'online' || (game.seat !== 'white' && game.seat !== 'black');
  }

  async saveNote(): Promise<void> {
    const text = (this.$('#note-text') as HTMLTextAreaElement).value;
    const status = this.$('#note-status');
    if (text === this.note) return;
    status.textContent = 'Saving…';
    try {
      this.note = (await api.note(this.id, this.token, text)).note;
      status.textContent = text ? 'Saved' : 'Removed';
    } catch (e) {
      status.textContent = `Not saved: ${(e as Error).message}`;
    }
  }

  wireNote(): void {
    this.$('#save-note').addEventListener('click', () => void this.saveNote());
    this.$('#note-text').addEventListener('blur', () => void this.saveNote());
    this.$('#note-text').addEventListener('input', () => {
      this.$('#note-status').textContent = '';
    });
  }

  // A rated game that ended while the page was open: each player's rating now, from their page.
  async showRatingsNow(game: GameState): Promise<void> {
    for (const colour of ['white', 'black'] as const) {
      const name = game.players?.[colour]?.name;
      if (!name) continue;
      try {
        const player = await api.player(name);
        const family = player.finished.find((g) => g.game === game.id)?.family;
        const rating = family ? player.ratings[family]?.rating : undefined;
        if (rating !== undefined) this.ratingsNow[colour] = rating;
      } catch {
        // The ratings stay as they began; the players' pages have them.
      }
    }
    this.render();
  }

  renderReferee(game: GameState): void {
    const box = this.$('#referee');
    box.hidden = !game.blackswan;
    if (game.blackswan) box.innerHTML = refereeHtml(game);
  }

  // The field for this seat's own contribution, while it may still give one (left empty, fresh
  // randomness is given).
  renderContribution(game: GameState): void {
    const sides = this.token ? contributionSides(game) : [];
    const form = this.$('#contribute');
    form.hidden = sides.length === 0;
    for (const input of form.querySelectorAll<HTMLInputElement>('input[data-side]')) {
      input.hidden = !sides.includes(input.dataset.side as Colour);
      input.placeholder = game.seat === 'both' ? `${input.dataset.side === 'white' ? 'White' : 'Black'}'s own text` : 'Your own text (optional)';
      input.title = 'Randomness of your own for the draws (optional): left empty, this browser gives fresh randomness';
    }
    this.scheduleContribution(game);
  }

  // Before the first move this seat's randomness goes in by itself: right before its first move
  // where this seat makes it, else (Black waiting on White's move) after a short pause, later
  // while the player is typing in the field.
  scheduleContribution(game: GameState, delay = CONTRIBUTION_PAUSE_MS): void {
    if (this.contributionTimer || !this.token || contributionSides(game).length === 0) return;
    if (game.seat === 'both' || game.seat === game.turn) return;
    this.contributionTimer = window.setTimeout(() => {
      this.contributionTimer = 0;
      const now = this.model.game;
      if (!now || this.closed) return;
      if (this.$('#contribute').contains(document.activeElement)) this.scheduleContribution(now, 1000);
      else void this.contribute(true);
    }, delay);
  }

  // Gives this seat's contributions still open (the typed text, else fresh randomness), one at a
  // time; false when one was refused for its text or could not be sent.
  contribute(acceptAnswers: boolean): Promise<boolean> {
    this.contributing ??= this.sendContributions(acceptAnswers).finally(() => (this.contributing = null));
    return this.contributing;
  }

  private async sendContributions(acceptAnswers: boolean): Promise<boolean> {
    const game = this.model.game;
    if (!game || !this.token) return true;
    for (const side of contributionSides(game)) {
      const input = this.$<HTMLInputElement>(`#contribute input[data-side="${side}"]`);
      const typed = input.value;
      const problem = typed ? contributionProblem(typed) : null;
      if (problem) {
        this.showError(problem);
        input.focus();
        return false;
      }
      try {
        const state = await api.contribute(this.id, this.token, typed || freshContribution(), game.seat === 'both' ? side : undefined);
        input.value = '';
        if (acceptAnswers) this.accept(state, 'answer');
      } catch (e) {
        // Given already (from another tab of this seat) or closed: nothing left to give.
        if (e instanceof ApiError && e.status === 409) continue;
        this.showError((e as Error).message);
        return false;
      }
    }
    return true;
  }

  showGameOver(game: GameState): void {
    const dialog = this.$('#game-over') as HTMLDialogElement;
    this.$('#game-over-result').textContent = resultWords(game);
    this.$('#game-over-error').textContent = '';
    const analysis = this.$('#open-analysis') as HTMLButtonElement;
    // A refereed record is checked with `menagerie verify`, not continued: no analysis this.board.
    analysis.disabled = !!game.blackswan || !this.enginePlays;
    // Not modal: the page stays usable (the record, the PGN, the board to look back on).
    if (!dialog.open) dialog.show();
    dialog.dataset.result = game.result;
  }

  async rematch(): Promise<void> {
    const game = this.model.game!;
    const challenge = rematchChallenge(game, await signedIn());
    if (challenge) {
      // Between accounts: a challenge to the opponent, who sees it in the lobby; this seat waits on its page.
      const posted = await api.postSeek(challenge);
      saveSeek({ id: posted.id, token: posted.token, variant: game.variant, saved: Date.now() });
      this.navigate(`/seek/${encodeURIComponent(posted.id)}`);
      return;
    }
    const request = rematchRequest(game);
    const created = await api.createGame(request);
    let path = rememberCreated(created, request);
    const seat = rematchSeat(game);
    const seatToken = seat === 'both' ? undefined : created.tokens[seat];
    if (game.mode === 'online' && seatToken) path = `/game/${encodeURIComponent(created.id)}?token=${encodeURIComponent(seatToken)}`;
    this.navigate(path);
  }

  async openInAnalysis(): Promise<void> {
    const game = this.model.game!;
    const created = await api.createGame({ variant: game.variant, options: {}, pgn: await api.pgn(this.id), mode: 'analysis' });
    this.navigate(rememberCreated(created, { variant: game.variant, options: {}, mode: 'analysis' }));
  }

  scheduleAnalysis(): void {
    window.clearTimeout(this.analysisTimer);
    this.analysisTimer = window.setTimeout(() => void this.analyse(), 150);
  }

  async analyse(): Promise<void> {
    const game = this.model.game;
    if (!game) return;
    const request = ++this.analysisRequest;
    const ply = this.model.viewPly;
    this.$('#eval-bar').hidden = false;
    this.$('#analysis').hidden = false;
    try {
      const result = await api.analyse({
        variant: game.variant,
        options: game.options,
        fen: game.start_fen,
        moves: game.moves.slice(0, ply).map((m) => m.uci),
        movetime_ms: 700,
        session: this.analysisSession,
      });
      if (request !== this.analysisRequest || !this.analysing) return;
      const turn = (fenAtPly(game, ply, this.model.seen) ?? game.fen).split(/\s+/)[1] === 'b' ? 'black' : 'white';
      const bar = evaluationBar(result, turn);
      const fill = this.root.querySelector<HTMLElement>('.eval-fill')!;
      fill.style.height = `${Math.round(bar.white * 100)}%`;
      this.root.querySelector('.eval-text')!.textContent = bar.text;
      this.$('#eval-bar').dataset.score = bar.text;
      this.$('#pv').innerHTML = result.over
        ? `<span class="score">${escapeHtml(bar.text)}</span> <span class="muted">${escapeHtml(result.over.reason)}</span>`
        : `<span class="score">${escapeHtml(bar.text)}</span> <span class="muted">depth ${result.depth}</span> ` +
          result.pv.map((m) => escapeHtml(m.san)).join(' ');
    } catch (e) {
      if (request === this.analysisRequest) this.$('#pv').textContent = `Analysis failed: ${(e as Error).message}`;
    }
  }

  // The ply a navigation button goes to ("first" is the earliest position known here).
  navTarget(nav: string): number {
    const game = this.model.game!;
    if (nav === 'first') {
      for (let p = 0; p <= game.ply; p++) if (fenAtPly(game, p, this.model.seen) !== null) return p;
    }
    return { back: this.model.viewPly - 1, forward: this.model.viewPly + 1, last: game.ply }[nav] ?? this.model.viewPly;
  }

  // Runs a request of a control, showing its error in `box`.
  private readonly guarded =
    (action: () => Promise<void>, box: HTMLElement = this.errorBox) =>
    (): void => {
      action().catch((e: Error) => {
        box.textContent = e.message;
      });
    };

  // Moving through the record and turning the board.
  wireControls(): void {
    this.root.querySelector('.nav')!.addEventListener('click', (e) => {
      const nav = (e.target as HTMLElement).closest<HTMLElement>('[data-nav]')?.dataset.nav;
      if (!nav || !this.model.game) return;
      if (goToPly(this.model, this.navTarget(nav))) this.render();
    });
    this.$('#moves').addEventListener('click', (e) => {
      const li = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]');
      if (li && goToPly(this.model, Number(li.dataset.ply))) this.render();
    });
    this.$('#flip').addEventListener('click', () => {
      this.flipped = !this.flipped;
      this.render();
    });
  }

  // The game's own controls: resign, take back, analysis, sound, the draw offer, typed moves.
  wireGameControls(): void {
    this.$('#resign').addEventListener(
      'click',
      this.guarded(async () => {
        const seat = this.model.game?.seat;
        if (!seat || seat === 'spectator' || !confirm('Resign this game?')) return;
        this.accept(await api.resign(this.id, this.token), 'answer');
      }),
    );
    this.$('#takeback').addEventListener(
      'click',
      this.guarded(async () => {
        this.model.following = true;
        this.accept(await api.takeback(this.id, this.token), 'takeback');
      }),
    );
    this.$('#analyse').addEventListener('click', () => {
      this.analysing = !this.analysing;
      this.analysisRequest++;
      this.render();
    });
    this.$('#mute').addEventListener('click', () => {
      setMuted(!isMuted());
      this.render();
    });
    this.$('#draw-box').addEventListener('click', (e) => {
      const action = (e.target as HTMLElement).closest<HTMLElement>('[data-draw]')?.dataset.draw as 'offer' | 'accept' | 'decline' | undefined;
      if (action) this.guarded(async () => this.accept(await api.draw(this.id, this.token, action), 'answer'))();
    });
    this.$('#contribute').addEventListener('submit', (e) => {
      e.preventDefault();
      void this.contribute(true);
    });
    this.$('#move-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = this.$('#move-input') as HTMLInputElement;
      const game = this.model.game;
      if (!game || !isLive(this.model)) return;
      const move = findTypedMove(game.legal, input.value);
      if (!move) {
        this.showError(`${JSON.stringify(input.value.trim())} is not a legal move here`);
        return;
      }
      input.value = '';
      void this.onIntent({ kind: 'move', move });
    });
  }

  // The FEN and PGN: copy, download, load a FEN; the game-over panel's buttons.
  wirePgnControls(): void {
    this.$('#copy-fen').addEventListener('click', () => void this.copy((this.$('#fen-text') as HTMLInputElement).value, 'FEN'));
    this.$('#copy-pgn').addEventListener(
      'click',
      this.guarded(async () => this.copy(await api.pgn(this.id), 'PGN')),
    );
    this.$('#download-pgn').addEventListener('click', this.guarded(() => this.downloadPgn()));
    this.$('#over-pgn').addEventListener('click', this.guarded(() => this.downloadPgn(), this.$('#game-over-error')));
    this.$('#rematch').addEventListener('click', this.guarded(() => this.rematch(), this.$('#game-over-error')));
    this.$('#open-analysis').addEventListener('click', this.guarded(() => this.openInAnalysis(), this.$('#game-over-error')));
    this.$('#over-close').addEventListener('click', () => (this.$('#game-over') as HTMLDialogElement).close());
    this.$('#load-fen').addEventListener(
      'click',
      this.guarded(async () => {
        const fen = (this.$('#fen-input') as HTMLInputElement).value.trim();
        if (!fen || !this.model.game) return;
        const created = await api.createGame({ variant: this.model.game.variant, options: this.model.game.options, fen, mode: 'analysis' });
        const t = created.tokens.both!;
        saveGame({ id: created.id, variant: this.model.game.variant, mode: 'analysis', seat: 'both', token: t, saved: Date.now() });
        this.navigate(`/game/${encodeURIComponent(created.id)}?token=${encodeURIComponent(t)}`);
      }),
    );
  }

  async downloadPgn(): Promise<void> {
    const pgn = await api.pgn(this.id);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    a.download = pgnFileName(this.model.game ?? { variant: 'game', id: this.id });
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    // The board, the fields and the dialog keep their own keys.
    if (!this.model.game || (e.target as Element).closest('input, textarea, select, svg.board, dialog')) return;
    if (e.key === 'ArrowLeft') goToPly(this.model, this.model.viewPly - 1);
    else if (e.key === 'ArrowRight') goToPly(this.model, this.model.viewPly + 1);
    else if (e.key === 'f') this.flipped = !this.flipped;
    else return;
    this.render();
  };

  async copy(text: string, what: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.showError('');
      this.$('#status').dataset.copied = what;
    } catch {
      // No clipboard (an insecure page): show the text to this.copy by hand.
      window.prompt(`Copy the ${what}:`, text);
    }
    this.root.dataset.copied = text;
  }

}

export async function renderGame(root: HTMLElement, id: string, tokenParam: string | null, navigate: Navigate): Promise<() => void> {
  const page = new GamePage(root, id, tokenParam ?? tokenFor(id), navigate);
  await page.firstLoad();
  return () => page.leave();
}
