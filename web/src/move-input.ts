// Moves typed on the keyboard, in SAN or UCI, read against the server's legal list only.

import type { LegalMove } from './types';

// SAN's annotations and check marks are not part of the move.
const plain = (text: string): string => text.trim().replace(/[+#!?]+$/, '');

/** The legal entry a typed text names (SAN as written, or UCI in any case), or null. */
export function findTypedMove(legal: LegalMove[], typed: string): LegalMove | null {
  const text = plain(typed);
  if (!text) return null;
  return (
    legal.find((m) => plain(m.san) === text) ??
    legal.find((m) => m.uci.toLowerCase() === text.toLowerCase()) ??
    // "0-0" for "O-O", as people type it.
    legal.find((m) => plain(m.san) === text.replace(/0/g, 'O')) ??
    null
  );
}

/** The completions offered for the legal list: each move's SAN and UCI, once each. */
export function moveCompletions(legal: LegalMove[]): string[] {
  return [...new Set(legal.flatMap((m) => [m.san, m.uci]))];
}
