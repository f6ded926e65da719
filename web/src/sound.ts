// The game's sounds, made by the page itself with Web Audio (no recorded files): a move, a
// capture, check, the game's end and low time. Which sound a new state calls for is a pure
// function of the states before and after; the mute is kept in localStorage.

import type { GameState } from './types';

export type SoundKind = 'move' | 'capture' | 'check' | 'end' | 'low-time';

const MUTE_KEY = 'menagerie.muted';

/** The sound for the change from `before` to `after` (null: none, as on the page's first state). */
export function soundFor(before: GameState | null, after: GameState): SoundKind | null {
  if (!before || before.id !== after.id) return null;
  if (after.status === 'over' && before.status !== 'over') return 'end';
  if (after.ply <= before.ply) return null;
  if (after.check.length > 0) return 'check';
  const last = after.moves[after.ply - 1];
  return last && last.san.includes('x') ? 'capture' : 'move';
}

export function isMuted(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(MUTE_KEY) === '1';
}

export function setMuted(muted: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(MUTE_KEY, muted ? '1' : '0');
}

// Each sound as notes: frequency (Hz), start and length (s), waveform.
type Note = [number, number, number, OscillatorType];
const NOTES: Record<SoundKind, Note[]> = {
  move: [[520, 0, 0.07, 'triangle']],
  capture: [
    [300, 0, 0.05, 'square'],
    [180, 0.04, 0.12, 'triangle'],
  ],
  check: [
    [880, 0, 0.09, 'sine'],
    [660, 0.1, 0.12, 'sine'],
  ],
  end: [
    [523, 0, 0.5, 'sine'],
    [659, 0.08, 0.45, 'sine'],
    [784, 0.16, 0.4, 'sine'],
  ],
  'low-time': [
    [1000, 0, 0.08, 'square'],
    [1000, 0.15, 0.08, 'square'],
  ],
};

let context: AudioContext | null = null;

/** Plays a sound unless muted. Browsers start audio only after a gesture; before it, nothing is heard. */
export function playSound(kind: SoundKind): void {
  document.documentElement.dataset.lastSound = kind;
  if (isMuted() || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const now = context.currentTime;
  for (const [frequency, start, length, type] of NOTES[kind]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    // A quick rise and an exponential fall: a click-free blip.
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
}
