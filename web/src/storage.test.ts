import { describe, expect, it } from 'vitest';
import { forgetSeek, loadGames, loadSeeks, saveGame, saveSeek, tokenFor } from './storage';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('stored games', () => {
  it('keeps each seat once, newest first, and finds a token', () => {
    const s = new MemoryStorage();
    saveGame({ id: 'a', variant: 'chess', mode: 'online', seat: 'white', token: 'tw', saved: 1 }, s);
    saveGame({ id: 'a', variant: 'chess', mode: 'online', seat: 'black', token: 'tb', saved: 2 }, s);
    saveGame({ id: 'b', variant: 'chess66', mode: 'local', seat: 'both', token: 'tx', saved: 3 }, s);
    saveGame({ id: 'a', variant: 'chess', mode: 'online', seat: 'white', token: 'tw', saved: 4 }, s);
    expect(loadGames(s).map((g) => `${g.id}/${g.seat}`)).toEqual(['a/white', 'b/both', 'a/black']);
    expect(tokenFor('b', s)).toBe('tx');
    expect(tokenFor('zzz', s)).toBeNull();
  });

  it('reads a damaged store as empty', () => {
    const s = new MemoryStorage();
    s.setItem('menagerie.games', '{not json');
    expect(loadGames(s)).toEqual([]);
    s.setItem('menagerie.games', '{"id":"x"}');
    expect(loadGames(s)).toEqual([]);
  });
});

describe('stored seeks', () => {
  it('keeps each seek once, newest first, forgets one withdrawn, and drops those past two days', () => {
    const s = new MemoryStorage();
    const now = Date.now();
    saveSeek({ id: 'a', token: 'ta', variant: 'chess', saved: now - 1000 }, s);
    saveSeek({ id: 'b', token: 'tb', variant: 'chess66', saved: now }, s);
    saveSeek({ id: 'a', token: 'ta', variant: 'chess', saved: now }, s);
    expect(loadSeeks(s).map((x) => x.id)).toEqual(['a', 'b']);
    forgetSeek('a', s);
    expect(loadSeeks(s).map((x) => x.id)).toEqual(['b']);
    expect(loadSeeks(s, now + 3 * 86_400_000)).toEqual([]);
    s.setItem('menagerie.seeks', '[{"id":"x"}]');
    expect(loadSeeks(s)).toEqual([]);
  });
});
