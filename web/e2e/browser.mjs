// Debian's Chromium driven by playwright-core (never a downloaded browser), and the few page
// helpers the tests share.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Playwright gives each launch a fresh, empty profile directory of its own.
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page whose browser errors fail the test that reads `errors`. */
export async function newPage(context) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  return page;
}

/** The client point of a cell's centre (from the cell's data-centre, through the SVG's matrix). */
export async function cellPoint(page, cell) {
  const point = await page.evaluate((name) => {
    const g = document.querySelector(`svg.board [data-cell="${CSS.escape(name)}"]`);
    if (!g) return null;
    const [x, y] = g.getAttribute('data-centre').split(',').map(Number);
    const svg = g.ownerSVGElement;
    const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [p.x, p.y];
  }, cell);
  if (!point) throw new Error(`no cell ${cell} on the board`);
  return point;
}

// The board redraws on the next animation frame after a change, so each gesture waits for two
// frames before the test looks at the board (without it, a loaded machine showed the old frame).
async function nextFrames(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export async function clickCell(page, cell) {
  const [x, y] = await cellPoint(page, cell);
  await page.mouse.click(x, y);
  await nextFrames(page);
}

export async function dragCell(page, from, to) {
  const [x1, y1] = await cellPoint(page, from);
  const [x2, y2] = await cellPoint(page, to);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, { steps: 4 });
  await page.mouse.move(x2, y2, { steps: 4 });
  await page.mouse.up();
  await nextFrames(page);
}

/** Waits until the board shows its men and the page has settled (two animation frames). */
export async function boardReady(page) {
  await page.waitForSelector('svg.board [data-piece]');
  await nextFrames(page);
}

/** Waits until the game page shows this many plies played. */
export async function waitForPly(page, ply, timeout = 15_000) {
  try {
    await page.waitForFunction((p) => document.querySelector('#app')?.dataset.ply === String(p), ply, { timeout });
  } catch {
    throw new Error(`expected ply ${ply}, the page shows ${await shownPly(page)}`);
  }
}

export async function shownPly(page) {
  return Number(await page.evaluate(() => document.querySelector('#app')?.dataset.ply));
}

export async function movesText(page) {
  return page.$$eval('#moves .move', (items) => items.map((li) => li.textContent.replace(/^\d+(\.|…)/, '').trim()));
}

/** Runs axe-core (npm) on the page as it is: fails, naming them, on serious or critical violations. */
export async function axeCheck(page, what) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(found, [], `${what}: no serious or critical accessibility violations`);
}
