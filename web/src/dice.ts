// The dice of Chess 56 and Chess 2016 drawn as SVG faces, with the substitutions they make.

import { escapeHtml } from './board';
import type { Roll } from './types';

export function diceHtml(roll: Roll): string {
  return (
    `<div class="dice">` +
    colouredDice(roll)
      .map(([colour, n]) => dieSvg(n, colour))
      .join('') +
    `<code>${escapeHtml(roll.setup)}</code></div>` +
    (roll.changes.length ? `<ul class="changes">${roll.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` : '<p>No substitutions.</p>')
  );
}

/** Each die with its colour where the roll names colours ({"white":[1,5,6],"green":6,"red":1}). */
export function colouredDice(roll: Roll): [string, number][] {
  if (roll.dice && typeof roll.dice === 'object' && !Array.isArray(roll.dice))
    return Object.entries(roll.dice as Record<string, unknown>).flatMap(([colour, v]) =>
      diceFaces({ ...roll, dice: v }).map((n): [string, number] => [colour, n]),
    );
  return diceFaces(roll).map((n) => ['white', n]);
}

/** The faces rolled: the numbers of `dice` where it is a list or record of them, else the digits of the setup. */
export function diceFaces(roll: Roll): number[] {
  const numbers: number[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6) numbers.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(roll.dice);
  return numbers.length ? numbers : [...String(roll.setup).matchAll(/\d/g)].map((m) => Number(m[0]));
}

// A die face of 1-6 pips.
function dieSvg(n: number, colour: string): string {
  const pips: Record<number, [number, number][]> = {
    1: [[50, 50]],
    2: [[28, 28], [72, 72]],
    3: [[28, 28], [50, 50], [72, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
  };
  return (
    `<svg class="die ${escapeHtml(colour)}" viewBox="0 0 100 100" data-face="${n}" aria-label="${escapeHtml(colour)} ${n}"><rect x="4" y="4" width="92" height="92" rx="16"/>` +
    (pips[n] ?? []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9"/>`).join('') +
    '</svg>'
  );
}
