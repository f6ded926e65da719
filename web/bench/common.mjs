// What the load benchmarks share: an HTTP client on kept-alive connections that reads the
// server's own time for each answer (its Server-Timing header), percentiles, and the check that
// this Node has a WebSocket client.

import http from 'node:http';

/**
 * A client of the server at `base`: `call(path, body?, method?)` answers the JSON of a 2xx answer
 * (a POST when there is a body) and throws on any other; `lastServerMs` is the server's own time
 * for the last answer (the round trip minus it is the network, the scheduling of the server's
 * threads and this client).
 */
export function client(base, maxSockets = 8) {
  // node:http with kept-alive connections rather than fetch: fetch's own overhead in this process
  // added several milliseconds to the 99th percentile of the round trips measured (commit 181019e).
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const self = { lastServerMs: NaN };
  self.call = (path, body, method = body === undefined ? 'GET' : 'POST') => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) };
    return new Promise((resolve, reject) => {
      const request = http.request(base + path, { agent, method, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode < 200 || response.statusCode >= 300) return reject(new Error(`${method} ${path}: ${response.statusCode} ${text}`));
          self.lastServerMs = Number(/dur=([0-9.]+)/.exec(response.headers['server-timing'] ?? '')?.[1]);
          resolve(JSON.parse(text));
        });
      });
      request.on('error', reject);
      request.end(data);
    });
  };
  return self;
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Prints `name: n=… p50=… ms p99=… ms max=… ms` for a list of times in milliseconds. */
export function summary(name, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (x) => x.toFixed(2);
  console.log(`${name}: n=${sorted.length} p50=${f(percentile(sorted, 50))} ms p99=${f(percentile(sorted, 99))} ms max=${f(sorted[sorted.length - 1])} ms`);
}

export function requireWebSocket() {
  if (typeof WebSocket === 'undefined') {
    console.error('this Node has no WebSocket: run it with --experimental-websocket (Node 20) or Node 22+');
    process.exit(2);
  }
}
