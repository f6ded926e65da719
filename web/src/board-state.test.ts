import { describe, expect, it } from 'vitest';
import chess66 from './fixtures/geometry-chess66.json';
import { choiceText, chooserTitle, clickCell, destinations, dropOn, dropStaleInteraction, intentFor, newBoardState, placementCells } from './board-state';
import type { Geometry, LegalMove, PieceInfo } from './types';

const pieceInfo: PieceInfo[] = [
  { token: 'Q', name: 'Queen', description: '' },
  { token: 'N', name: 'Knight', description: '' },
];
const legal: LegalMove[] = [
  { uci: 'a3a4', san: 'a4', from: 'a3', to: 'a4' },
  { uci: 'a34', san: 'a34', from: 'a3', to: '4' },
  { uci: 'b7b8q', san: 'b8=Q', from: 'b7', to: 'b8', promotion: 'Q' },
  { uci: 'b7b8n', san: 'b8=N', from: 'b7', to: 'b8', promotion: 'N' },
  { uci: 'e8e8', san: 'K<>e8', from: 'e8', to: 'e8', label: 'keep the array' },
];
// A Black Swan event's two drawn pieces: which stays on the swan's cell.
const STAY: LegalMove[] = [
  { uci: 'R@e4', san: 'R@e4', from: 'e4', to: 'e4', promotion: 'R', stays: true },
  { uci: 'P@e4', san: 'P@e4', from: 'e4', to: 'e4', promotion: 'P', stays: true },
];

function state() {
  const s = newBoardState(chess66 as unknown as Geometry, pieceInfo);
  s.legal = legal;
  return s;
}

describe('move chooser grouping', () => {
  it('groups legal entries by destination for one man', () => {
    const d = destinations(legal, 'b7');
    expect([...d.keys()]).toEqual(['b8']);
    expect(d.get('b8')!.map((m) => m.uci)).toEqual(['b7b8q', 'b7b8n']);
  });

  it('keeps the switch fields 4 and a4 apart as two targets', () => {
    const d = destinations(legal, 'a3');
    expect([...d.keys()].sort()).toEqual(['4', 'a4']);
    expect(intentFor(legal, 'a3', '4')).toEqual({ kind: 'move', move: legal[1] });
    expect(intentFor(legal, 'a3', 'a4')).toEqual({ kind: 'move', move: legal[0] });
  });

  it('asks which when several entries share from and to', () => {
    const intent = intentFor(legal, 'b7', 'b8');
    expect(intent.kind).toBe('choose');
    if (intent.kind === 'choose') expect(intent.chooser.options).toHaveLength(2);
    expect(choiceText(legal[2], pieceInfo)).toBe('Queen');
    expect(choiceText(legal[3], pieceInfo)).toBe('Knight');
    expect(choiceText(legal[4], pieceInfo)).toBe('keep the array');
    expect(choiceText(legal[0], pieceInfo)).toBe('a4');
  });
});

describe('board state reducer', () => {
  it('selects a man that can move, then plays on a click on its target', () => {
    const s = state();
    expect(clickCell(s, 'a3')).toEqual({ kind: 'none' });
    expect(s.selected).toBe('a3');
    expect(clickCell(s, '4')).toEqual({ kind: 'move', move: legal[1] });
    expect(s.selected).toBeNull();
  });

  it('does not select a man without moves, and deselects on a second click', () => {
    const s = state();
    clickCell(s, 'h2');
    expect(s.selected).toBeNull();
    clickCell(s, 'a3');
    clickCell(s, 'a3');
    expect(s.selected).toBeNull();
  });

  it('switches the selection to another man that can move', () => {
    const s = state();
    clickCell(s, 'a3');
    clickCell(s, 'b7');
    expect(s.selected).toBe('b7');
  });

  it('opens the chooser for a promotion and plays a placement on its own cell', () => {
    const s = state();
    clickCell(s, 'b7');
    const intent = clickCell(s, 'b8');
    expect(intent.kind).toBe('choose');
    expect(s.chooser?.options.map((m) => m.promotion)).toEqual(['Q', 'N']);
    clickCell(s, 'e8');
    expect(clickCell(s, 'e8')).toEqual({ kind: 'move', move: legal[4] });
  });

  it('plays a drop on a target and refuses a drop elsewhere', () => {
    const s = state();
    expect(dropOn(s, 'a3', 'a4')).toEqual({ kind: 'move', move: legal[0] });
    expect(dropOn(s, 'a3', 'h8')).toEqual({ kind: 'none' });
    expect(dropOn(s, 'a3', null)).toEqual({ kind: 'none' });
    expect(s.drag).toBeNull();
  });

  it('places a drawn piece with one click on a highlighted cell', () => {
    const s = state();
    const place: LegalMove[] = [
      { uci: 'P@d3', san: 'P@d3', from: 'd3', to: 'd3', promotion: 'P' },
      { uci: 'P@e3', san: 'P@e3', from: 'e3', to: 'e3', promotion: 'P' },
    ];
    expect(placementCells(legal)).toEqual([]); // a keep-the-array move among others is no placement
    s.legal = place;
    expect(placementCells(place)).toEqual(['d3', 'e3']);
    expect(clickCell(s, 'h5')).toEqual({ kind: 'none' });
    expect(clickCell(s, 'e3')).toEqual({ kind: 'move', move: place[1] });
    expect(s.selected).toBeNull();
  });

  it('asks which drawn piece stays on a click on the swan\'s cell, then which goes where', () => {
    const s = state();
    s.legal = STAY;
    expect(placementCells(STAY)).toEqual(['e4']);
    const intent = clickCell(s, 'e4');
    expect(intent.kind).toBe('choose');
    expect(s.chooser?.options.map((m) => m.promotion)).toEqual(['R', 'P']);
    expect(chooserTitle(s.chooser!)).toBe('Which drawn piece stays on e4?');
    // Two types owed: a click on a cell asks which of them goes there.
    const place: LegalMove[] = [
      { uci: 'N@d3', san: 'N@d3', from: 'd3', to: 'd3', promotion: 'N' },
      { uci: 'B@d3', san: 'B@d3', from: 'd3', to: 'd3', promotion: 'B' },
    ];
    s.legal = place;
    expect(clickCell(s, 'd3').kind).toBe('choose');
    expect(chooserTitle(s.chooser!)).toBe('Which drawn piece goes to d3?');
    expect(chooserTitle({ from: 'b7', to: 'b8', options: legal.slice(2, 4) })).toBe('b7 → b8: which move?');
  });

  it('keeps an open chooser when the same legal list arrives again, and closes it when its moves go', () => {
    const s = state();
    s.legal = STAY;
    expect(clickCell(s, 'e4').kind).toBe('choose');
    // The move's answer and the socket's push bring the same ply: the chooser stays open.
    s.legal = STAY.map((m) => ({ ...m }));
    dropStaleInteraction(s);
    expect(s.chooser?.options.map((m) => m.uci)).toEqual(['R@e4', 'P@e4']);
    // The turn has passed (or the page is waiting on its move): nothing may be played.
    s.legal = [];
    dropStaleInteraction(s);
    expect(s.chooser).toBeNull();
  });

  it('keeps a selection its man can still play from, and drops one it cannot', () => {
    const s = state();
    s.legal = legal;
    clickCell(s, legal[0].from);
    expect(s.selected).toBe(legal[0].from);
    dropStaleInteraction(s);
    expect(s.selected).toBe(legal[0].from);
    s.legal = legal.filter((m) => m.from !== legal[0].from);
    dropStaleInteraction(s);
    expect(s.selected).toBeNull();
  });
});
