import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, newSessionId } from './api';

describe('analysis sessions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each page by 32 random hex digits', () => {
    const a = newSessionId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newSessionId()).not.toBe(a);
  });

  it('sends the session with the analysis and reports a replaced one as its error', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'the analysis was replaced' }), { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    const request = api.analyse({ variant: 'chess', options: {}, moves: ['e2e4'], movetime_ms: 700, session: 'abc' });
    await expect(request).rejects.toEqual(new ApiError('the analysis was replaced', 409));
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/analyse');
    expect(JSON.parse(init.body as string)).toMatchObject({ session: 'abc', moves: ['e2e4'] });
  });
});
