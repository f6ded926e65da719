// Load benchmark for `menagerie serve` on loopback (docs/server.md, "Load"): holds many online
// games open over WebSockets, keeps the engine busy in other games, and measures how long state
// (legal moves) and move requests take meanwhile.
//
//   node --experimental-websocket web/bench/load.mjs http://127.0.0.1:8080 [games] [samples]
//
// Prints the number of games and sockets held, the engine work running, and p50/p99/max latency
// in milliseconds of GET state and POST move requests.

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const gameCount = Number(process.argv[3] ?? 200);
const samples = Number(process.argv[4] ?? 1000);

if (typeof WebSocket === 'undefined') {
  console.error('this Node has no WebSocket: run it with --experimental-websocket (Node 20) or Node 22+');
  process.exit(2);
}

async function call(path, body) {
  const response = await fetch(base + path, body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(name, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (x) => x.toFixed(2);
  console.log(`${name}: n=${sorted.length} p50=${f(percentile(sorted, 50))} ms p99=${f(percentile(sorted, 99))} ms max=${f(sorted[sorted.length - 1])} ms`);
}

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

// 2. The engine busy meanwhile: analyses of several seconds, kept running until the end.
let measuring = true;
let analyses = 0;
async function keepEngineBusy() {
  while (measuring) {
    await call('/api/analyse', { variant: 'chess2016', options: {}, setup: 'W1-6-6.G5.R1', moves: [], movetime_ms: 2000 });
    ++analyses;
  }
}
const busy = [keepEngineBusy(), keepEngineBusy()];
await new Promise((r) => setTimeout(r, 300));

// 3. State and move requests, one at a time, spread over the games.
const stateTimes = [];
const moveTimes = [];
const openingMoves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5'];
for (let i = 0; i < samples; ++i) {
  const g = games[i % games.length];
  let t = performance.now();
  const state = await call(`/api/games/${g.id}?token=${g.ply % 2 === 0 ? g.white : g.black}`);
  stateTimes.push(performance.now() - t);
  if (state.legal.length === 0) throw new Error('no legal moves offered to the side to move');
  if (g.ply < openingMoves.length) {
    t = performance.now();
    await call(`/api/games/${g.id}/move`, { token: g.ply % 2 === 0 ? g.white : g.black, move: openingMoves[g.ply], ply: g.ply });
    moveTimes.push(performance.now() - t);
    ++g.ply;
  }
}
measuring = false;
summary('GET state (legal moves)', stateTimes);
summary('POST move', moveTimes);
console.log(`WebSocket pushes received: ${pushes}; engine analyses finished meanwhile: ${analyses}`);
await Promise.all(busy);
for (const s of sockets) s.close();
process.exit(0);
