// What the current phase asks of the player, in words, read from the server's legal list and the
// board's geometry (no rules here): Placement's relocation choices (`K<>d8`, `Q<>c1`), a Black
// Swan choice of the drawn piece that stays (every entry a stay step) or a placement owed (every
// entry a placement), a Chess 66 move into a switch (a destination
// cell with a `mate`, the other field of its switch).

import { placementCells } from './board-state';
import type { Geometry, LegalMove, PieceInfo } from './types';

export interface PhaseHelp {
  kind: 'relocation-king' | 'relocation-queen' | 'stay' | 'placement' | 'switch';
  text: string;
}

export function phaseHelp(legal: LegalMove[], geometry: Geometry, pieceInfo: PieceInfo[], selected: string | null): PhaseHelp | null {
  const relocation = legal.filter((m) => m.san.includes('<>'));
  if (relocation.length && relocation.every((m) => m.san.startsWith('K')))
    return {
      kind: 'relocation-king',
      text:
        'Relocation, Black’s choice: swap your king with one of the pieces it may change places with, or keep it where it stands ' +
        `(${relocation.map((m) => m.san).join(', ')}). White’s array follows as the mirror image. ` +
        'Click the king, then the piece to swap with; click the king twice to keep it.',
    };
  if (relocation.length)
    return {
      kind: 'relocation-queen',
      text:
        'Relocation, White’s choice: swap your queen with a knight or a bishop so that the bishops stay on squares of opposite colours, or keep it ' +
        `(${relocation.map((m) => m.san).join(', ')}). Black’s array follows as the mirror image; then White makes the first move of play.`,
    };
  const cells = placementCells(legal);
  const tokens = [...new Set(legal.map((m) => m.promotion ?? ''))].filter(Boolean);
  const names = tokens.map((t) => pieceInfo.find((p) => p.token === t.toUpperCase())?.name ?? t);
  if (cells.length && legal.every((m) => m.stays))
    return {
      kind: 'stay',
      text:
        `Drawn pieces: choose which of them stays on ${cells[0]} (${names.join(' or ')}). Click ${cells[0]} and pick one; ` +
        'then you place the others, in the order you like, on the empty cells nearest to it. Where cells run short, the pieces left over are lost.',
    };
  if (cells.length) {
    return {
      kind: 'placement',
      text:
        `Placement owed: put your ${names.join(' or ') || 'piece'} on one of the highlighted cells ` +
        `(${cells.length} of them: empty cells of your third or fourth rank nearest the swan that was turned over). One click places it.`,
    };
  }
  const mates = new Map(geometry.cells.filter((c) => c.mate).map((c) => [c.name, c.mate!]));
  const into = legal.filter((m) => mates.has(m.to) && (selected === null || m.from === selected));
  if (mates.size && into.length) {
    const pairs = [...new Set(into.map((m) => [m.to, mates.get(m.to)!].sort().join(' and ')))];
    return {
      kind: 'switch',
      text:
        `A switch: ${pairs.join('; ')} are the two fields of one split square. A man entering it chooses where it ends: ` +
        'each field is a cell of its own, joined to different neighbours, so the field decides where the man goes next.',
    };
  }
  return null;
}
