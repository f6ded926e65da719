// Premoves: a move chosen while the other side is to move, played as soon as this side's turn
// comes if the server then lists it as legal (the page holds no rules: a premove that is not
// legal then is dropped). Where several entries share its cells (promotions), the first is
// taken: the server lists the likeliest (the queen) first.

import type { LegalMove } from './types';

export interface Premove {
  from: string;
  to: string;
}

export function premoveToPlay(legal: LegalMove[], premove: Premove): LegalMove | null {
  return legal.find((m) => m.from === premove.from && m.to === premove.to) ?? null;
}
