// One server and one browser for a suite: started before its tests, closed after them.
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { checkReady, freshDbPath, startServer } from './server.mjs';

/**
 * Registers the suite's before/after hooks; the returned object holds what they open, and two
 * calls on its server: `api(pathname, body?)` (a POST when there is a body) answering
 * { status, json, text }, and `stateOf(page)`, the page's game as the server has it now.
 */
export function browserSession({ args = [] } = {}) {
  const session = { db: freshDbPath(), server: null, browser: null, context: null };
  session.api = async (pathname, body) => {
    const response = await fetch(session.server.url + pathname, body === undefined ? {} : {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Plain text (the PGN).
    }
    return { status: response.status, json, text };
  };
  session.stateOf = async (page) => {
    const url = new URL(page.url());
    const { json } = await session.api(`/api/games/${url.pathname.split('/')[2]}?token=${url.searchParams.get('token')}`);
    return json;
  };
  before(async () => {
    checkReady();
    session.server = await startServer({ db: session.db, args });
    session.browser = await launchBrowser();
    session.context = await session.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  });
  after(async () => {
    await session.context?.close();
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}
