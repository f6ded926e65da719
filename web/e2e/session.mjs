// One server and one browser for a suite: started before its tests, closed after them.
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { checkReady, freshDbPath, startServer } from './server.mjs';

/** Registers the suite's before/after hooks; the returned object holds what they open. */
export function browserSession({ env = {} } = {}) {
  const session = { db: freshDbPath(), server: null, browser: null, context: null };
  before(async () => {
    checkReady();
    session.server = await startServer({ db: session.db, env });
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
