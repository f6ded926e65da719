import { describe, expect, it } from 'vitest';
import { colouredDice, diceFaces, diceHtml } from './dice';

describe('dice', () => {
  it('reads the faces from the dice, or from the setup when the dice are not numbers', () => {
    expect(diceFaces({ setup: 'W1-5-6.G6.R1', dice: [1, 5, 6, 6, 1], changes: [], fen: '' })).toEqual([1, 5, 6, 6, 1]);
    expect(diceFaces({ setup: 'W1-5-6.G6.R1', dice: { white: [1, 5, 6], green: 6, red: 1 }, changes: [], fen: '' })).toEqual([1, 5, 6, 6, 1]);
    expect(diceFaces({ setup: 'W1-5-6.G6.R1', dice: 'W1-5-6.G6.R1', changes: [], fen: '' })).toEqual([1, 5, 6, 6, 1]);
  });

  it('draws a die per face and lists the substitutions', () => {
    const html = diceHtml({ setup: 'W2-3-4', dice: [2, 3, 4], changes: ['Man becomes Walker'], fen: '' });
    expect(html.match(/<svg class="die /g)).toHaveLength(3);
    expect(html).toContain('<li>Man becomes Walker</li>');
    expect(html.match(/<circle/g)).toHaveLength(2 + 3 + 4);
  });

  it('keeps the colours of coloured dice', () => {
    const roll = { setup: 'W1-5-6.G6.R1', dice: { white: [1, 5, 6], green: 6, red: 1 }, changes: [], fen: '' };
    expect(colouredDice(roll)).toEqual([['white', 1], ['white', 5], ['white', 6], ['green', 6], ['red', 1]]);
    expect(diceHtml(roll)).toContain('class="die green"');
  });
});
