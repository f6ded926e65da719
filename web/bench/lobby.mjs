// Lobby benchmark for `menagerie serve` on loopback (docs/web.md, "The lobby under load"): starts
// live games from the lobby (seeks posted and accepted, both seats on a game WebSocket, half of
// them on a clock and half by days per move), holds many lobby WebSockets watching, then measures
//   1. the lobby's update latency: a seek is posted, and each watcher's time from the POST's
//      start until its socket brings that seek (every watcher, every seek), and the time until
//      the last watcher has it; the seek is withdrawn before the next;
//   2. moves in the live games, one at a time, each watcher still connected.
//
//   node --experimental-websocket web/bench/lobby.mjs http://127.0.0.1:8090 [watchers] [games] [seeks] [moves]
//
// Defaults: 1000 watchers, 200 games, 200 seeks, 1000 moves. The server needs
// `--games-per-minute 0` (the benchmark posts and accepts quickly). The watchers run in this one
// Node process: a message's time includes this client's own turn to read it, which grows with
// the number of watchers (the times of the first watcher to see a seek show the server alone).

import { client, requireWebSocket, summary } from './common.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const watcherCount = Number(process.argv[3] ?? 1000);
const gameCount = Number(process.argv[4] ?? 200);
const seekCount = Number(process.argv[5] ?? 200);
const moveCount = Number(process.argv[6] ?? 1000);

requireWebSocket();
const server = client(base, 16);
const call = server.call;
const wsBase = base.replace(/^http/, 'ws');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// 1. Live games from the lobby: a seek posted and accepted; the seeker's seat token is its seek's.
const games = [];
const gameSockets = [];
for (let i = 0; i < gameCount; ++i) {
  const clock = i % 2 === 0 ? { base_ms: 1_800_000, increment_ms: 0 } : { days: 3 };
  const seek = await call('/api/seeks', { variant: 'chess', clock, color: 'white' });
  const accepted = await call(`/api/seeks/${seek.id}/accept`, {});
  games.push({ id: accepted.game, white: seek.token, black: accepted.token, ply: 0 });
  for (const token of [seek.token, accepted.token]) gameSockets.push(new WebSocket(`${wsBase}/api/games/${accepted.game}/ws?token=${token}`));
}

// 2. The watchers: each waits for its snapshot; then the arrival of every seek is noted by its id
// (a watcher may have a seek before its poster has the answer with its id).
const arrivals = new Map(); // seek id -> arrival times (performance.now()) at the watchers
const complete = new Map(); // seek id -> resolves once every watcher has it
let snapshotGames = 0;
const watchers = [];
const snapshots = [];
for (let i = 0; i < watcherCount; ++i) {
  const ws = new WebSocket(`${wsBase}/api/lobby/ws`);
  let first = true;
  snapshots.push(
    new Promise((resolve, reject) => {
      ws.onerror = () => reject(new Error(`lobby watcher ${i} failed to connect`));
      ws.onmessage = (event) => {
        const now = performance.now();
        const text = String(event.data);
        if (first) {
          first = false;
          snapshotGames = JSON.parse(text).games.length;
          resolve();
          return;
        }
        // {"seek":{...},"type":"seek"} (the server writes keys in order): the seek's id is the
        // first "id" in it, read without parsing the rest.
        if (!text.startsWith('{"seek":')) return;
        const id = /"id":"([0-9a-f]+)"/.exec(text)?.[1];
        if (!id) return;
        const times = arrivals.get(id) ?? [];
        times.push(now);
        arrivals.set(id, times);
        if (times.length === watcherCount) complete.get(id)?.();
      };
    }),
  );
  watchers.push(ws);
  if (i % 100 === 99) await sleep(50); // a hundred connections at a time, as a crowd arrives
}
await Promise.all(snapshots);
await sleep(500);
const openGames = gameSockets.filter((s) => s.readyState === WebSocket.OPEN).length;
const openWatchers = watchers.filter((s) => s.readyState === WebSocket.OPEN).length;
console.log(`live games: ${games.length} (the snapshot listed ${snapshotGames}), game WebSockets open: ${openGames} of ${gameSockets.length}, lobby watchers open: ${openWatchers} of ${watcherCount}`);

// 3. The lobby's update latency: from the start of the POST to each watcher's arrival.
const deliveries = [];
const firsts = [];
const lasts = [];
const postTimes = [];
for (let i = 0; i < seekCount; ++i) {
  const start = performance.now();
  const seek = await call('/api/seeks', { variant: 'chess', clock: { base_ms: 300_000, increment_ms: 3000 } });
  postTimes.push(performance.now() - start);
  if ((arrivals.get(seek.id)?.length ?? 0) < watcherCount)
    await Promise.race([new Promise((resolve) => complete.set(seek.id, resolve)), sleep(10_000)]);
  const times = (arrivals.get(seek.id) ?? []).map((t) => t - start).sort((a, b) => a - b);
  if (times.length < watcherCount) console.log(`seek ${i}: only ${times.length} of ${watcherCount} watchers saw it within 10 s`);
  deliveries.push(...times);
  firsts.push(times[0]);
  lasts.push(times[times.length - 1]);
  arrivals.delete(seek.id);
  complete.delete(seek.id);
  await call(`/api/seeks/${seek.id}`, { token: seek.token }, 'DELETE');
  await sleep(20);
}

// 4. Moves in the live games, one at a time.
const moveTimes = [];
const moveServerTimes = [];
const openingMoves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5'];
for (let i = 0; i < moveCount; ++i) {
  const g = games[i % games.length];
  if (g.ply >= openingMoves.length) break;
  const t = performance.now();
  await call(`/api/games/${g.id}/move`, { token: g.ply % 2 === 0 ? g.white : g.black, move: openingMoves[g.ply], ply: g.ply });
  moveTimes.push(performance.now() - t);
  moveServerTimes.push(server.lastServerMs);
  ++g.ply;
  await sleep(5);
}

summary('POST seek (its answer)', postTimes);
summary('seek seen by a watcher (every watcher, every seek)', deliveries);
summary('  by the first watcher', firsts);
summary('  by the last watcher', lasts);
summary('POST move', moveTimes);
summary('  POST move, in the server', moveServerTimes);
for (const s of [...watchers, ...gameSockets]) s.close();
process.exit(0);
