// Load benchmark for `menagerie serve` on loopback (docs/server.md, "Load"): holds many online
// games open over WebSockets, keeps the engine busy in other games, and measures how long state
// (legal moves) and move requests take meanwhile.
//
//   node --experimental-websocket web/bench/load.mjs http://127.0.0.1:8080 [games] [samples] [pause ms]
//
// Prints the number of games and sockets held, the engine work running, and p50/p99/max latency
// in milliseconds of GET state and POST move requests: the round trip seen by this client, then
// the server's own share (its Server-Timing header).

import { client, requireWebSocket, summary } from './common.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const gameCount = Number(process.argv[3] ?? 200);
const samples = Number(process.argv[4] ?? 1000);
const pauseMs = Number(process.argv[5] ?? 5); // between one sample and the next

requireWebSocket();
const server = client(base);
const call = server.call;

// 1. Online games, each with both seats connected over a WebSocket.
const games = [];
const sockets = [];
let pushes = 0;
for (let i = 0; i < gameCount; ++i) {
  const created = await call('/api/games', { variant: 'chess', mode: 'online', options: {}, setup: '0' });
  games.push({ id: created.id, white: created.tokens.white, black: created.tokens.black, ply: 0 });
  for (const token of [created.tokens.white, created.tokens.black]) {
    const url = `${base.replace(/^http/, 'ws')}/api/games/${created.id}/ws?token=${token}`;
    const ws = new WebSocket(url);
    ws.onmessage = () => ++pushes;
    sockets.push(ws);
  }
}
await new Promise((r) => setTimeout(r, 1000));
const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
console.log(`games held: ${games.length}, WebSockets open: ${open} of ${sockets.length}`);

// 2. The engine busy meanwhile, on every thread it has: games against it at its top level (each
// reply a search of 1.5 s on the engine's pool), which this client answers as soon as the engine
// has moved, and analyses of two seconds (on the analysis pool), kept running until the end.
let measuring = true;
let analyses = 0;
let engineReplies = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function keepAnalysing() {
  while (measuring) {
    await call('/api/analyse', { variant: 'chess2016', options: {}, setup: 'W1-6-6.G5.R1', moves: [], movetime_ms: 2000 });
    ++analyses;
  }
}
async function playTheEngine() {
  while (measuring) {
    const created = await call('/api/games', { variant: 'chess', mode: 'engine', engine: { color: 'black', level: 8 }, options: {}, setup: '0' });
    const token = created.tokens.white;
    for (;;) {
      const state = await call(`/api/games/${created.id}?token=${token}`);
      if (!measuring || state.status === 'over') break; // a random player is soon mated: a new game
      if (state.legal.length === 0) {
        await sleep(50); // the engine is thinking
        continue;
      }
      if (state.ply > 0) ++engineReplies;
      const pick = state.legal[Math.floor(Math.random() * state.legal.length)];
      await call(`/api/games/${created.id}/move`, { token, move: pick.uci, ply: state.ply });
    }
  }
}
const busy = [keepAnalysing(), keepAnalysing(), playTheEngine(), playTheEngine()];
await sleep(300);

// 3. State and move requests, one at a time, spread over the games.
const stateTimes = [];
const moveTimes = [];
const stateServerTimes = [];
const moveServerTimes = [];
const openingMoves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5'];
for (let i = 0; i < samples; ++i) {
  const g = games[i % games.length];
  let t = performance.now();
  const state = await call(`/api/games/${g.id}?token=${g.ply % 2 === 0 ? g.white : g.black}`);
  stateTimes.push(performance.now() - t);
  stateServerTimes.push(server.lastServerMs);
  if (state.legal.length === 0) throw new Error('no legal moves offered to the side to move');
  if (g.ply < openingMoves.length) {
    t = performance.now();
    await call(`/api/games/${g.id}/move`, { token: g.ply % 2 === 0 ? g.white : g.black, move: openingMoves[g.ply], ply: g.ply });
    moveTimes.push(performance.now() - t);
    moveServerTimes.push(server.lastServerMs);
    ++g.ply;
  }
  await sleep(pauseMs);
}
measuring = false;
summary('GET state (legal moves)', stateTimes);
summary('POST move', moveTimes);
summary('  GET state, in the server', stateServerTimes);
summary('  POST move, in the server', moveServerTimes);
console.log(`WebSocket pushes received: ${pushes}; meanwhile the engine replied ${engineReplies} times in its games and finished ${analyses} analyses`);
await Promise.all(busy);
for (const s of sockets) s.close();
process.exit(0);
