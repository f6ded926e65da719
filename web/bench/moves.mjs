// Moves per second through one or several `menagerie serve` sharing a database (docs/server.md,
// "Several servers on one PostgreSQL database"): N online games played at once, each by a loop
// that reads the game's state and sends a random legal move, every request to the next server in
// turn (so that, with two servers, each move is made on the server that did not see the one
// before). A 409 (the server's copy behind) is counted and the move tried again from a fresh state.
//
//   node web/bench/moves.mjs http://127.0.0.1:8090[,http://127.0.0.1:8091] [games] [seconds]
//
// Prints the moves stored per second, the 409s per move, and the move requests' p50/p99 in ms.

import http from 'node:http';

const servers = (process.argv[2] ?? 'http://127.0.0.1:8080').split(',');
const gameCount = Number(process.argv[3] ?? 20);
const seconds = Number(process.argv[4] ?? 20);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call(base, path, body) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const headers = data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) };
  return new Promise((resolve, reject) => {
    const request = http.request(base + path, { agent, method: data === undefined ? 'GET' : 'POST', headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, json: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    request.on('error', reject);
    request.end(data);
  });
}

let turn = 0;
const nextServer = () => servers[turn++ % servers.length];
const moveTimes = [];
let moves = 0;
let conflicts = 0;
let running = true;

async function play() {
  const created = await call(servers[0], '/api/games', { variant: 'chess', mode: 'online' });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
  const { id, tokens } = created.json;
  while (running) {
    const state = (await call(nextServer(), `/api/games/${id}`)).json;
    if (state.status === 'over') return;
    const token = tokens[state.turn];
    const seat = (await call(nextServer(), `/api/games/${id}?token=${token}`)).json;
    if (seat.legal.length === 0) continue;
    const move = seat.legal[Math.floor(Math.random() * seat.legal.length)].uci;
    const started = performance.now();
    const answer = await call(nextServer(), `/api/games/${id}/move`, { token, move, ply: seat.ply });
    if (!running) return;
    if (answer.status === 200) {
      moveTimes.push(performance.now() - started);
      moves++;
    } else if (answer.status === 409) {
      conflicts++;
    } else {
      throw new Error(`move: ${answer.status} ${JSON.stringify(answer.json)}`);
    }
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const games = [];
for (let i = 0; i < gameCount; i++) games.push(play());
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
running = false;
await Promise.allSettled(games);
const sorted = moveTimes.sort((a, b) => a - b);
console.log(`${servers.length} server(s), ${gameCount} games, ${seconds} s: ${(moves / seconds).toFixed(1)} moves/s, ` +
  `${conflicts} 409s (${((100 * conflicts) / Math.max(moves, 1)).toFixed(1)}% of moves), ` +
  `move p50 ${percentile(sorted, 50)?.toFixed(1)} ms, p99 ${percentile(sorted, 99)?.toFixed(1)} ms`);
agent.destroy();
