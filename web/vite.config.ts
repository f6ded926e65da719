import { defineConfig } from 'vitest/config';

// `npm run dev` serves the front end with hot reload and passes /api (HTTP and WebSocket) to a
// running `menagerie serve` (MENAGERIE_URL, default http://127.0.0.1:8080).
const server = process.env.MENAGERIE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  server: { proxy: { '/api': { target: server, ws: true, changeOrigin: true } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
