// Starts the real `menagerie serve` for the browser tests: any free port (or a given one, for a
// restart), a fresh SQLite file, the built front end; the address is read from the line
// `Menagerie is at http://HOST:PORT/`.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDir = path.resolve(here, '..');
export const binary = process.env.MENAGERIE_BIN ?? path.resolve(webDir, '..', 'build', 'menagerie');

/**
 * Throws, naming what is missing, when the suite cannot run: the suite is never skipped, since the
 * test command builds and installs everything it needs.
 */
export function checkReady() {
  if (!existsSync(binary)) throw new Error(`no server binary at ${binary}: build it (cmake --build build)`);
  const help = spawnSync(binary, ['serve', '--help'], { encoding: 'utf8', timeout: 10_000 });
  if (help.status !== 0) throw new Error(`${binary} serve --help failed: ${help.stderr || help.error}`);
  if (!existsSync(path.join(webDir, 'dist', 'index.html')))
    throw new Error('the front end is not built: run npm run build in web/');
}

export function freshDbPath() {
  return path.join(mkdtempSync(path.join(tmpdir(), 'menagerie-e2e-')), 'games.db');
}

/**
 * Starts a server (`args`: more flags, e.g. the test-only `--test-seed 1`); resolves to { url, port, process, stop(), kill9() } once it prints its address.
 */
export function startServer({ db, port = 0, env = {}, args = [] } = {}) {
  // The tests create games faster than a person would: no limit on creation (docs/server.md).
  const flags = ['serve', '--port', String(port), '--db', db, '--static', path.join(webDir, 'dist'), '--games-per-minute', '0', ...args];
  const child = spawn(binary, flags, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server printed no address within 20 s; it said:\n${output}`));
    }, 20_000);
    const onData = (chunk) => {
      output += chunk;
      const m = /Menagerie is at (http:\/\/[^\s/]+)\/?/.exec(output);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      const url = m[1];
      resolve({
        url,
        port: Number(new URL(url).port),
        process: child,
        log: () => output,
        stop: () => stopChild(child, 'SIGTERM'),
        kill9: () => stopChild(child, 'SIGKILL'),
      });
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing its address:\n${output}`));
    });
  });
}

function stopChild(child, signal) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
