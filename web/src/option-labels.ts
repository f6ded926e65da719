// The games' options in words: a label, a help sentence and each value's words (from the rules
// pages, docs/rules). An option this table does not know is shown by its name, made readable.

interface OptionWords {
  label: string;
  help: string;
  values: Record<string, string>;
}

const OPTIONS: Record<string, OptionWords> = {
  castling: {
    label: 'Castling conditions',
    help: 'Placement: the squares between king and rook must be empty and not attacked. Chess960: they need only be empty (the king’s path must still be safe).',
    values: { placement: 'Placement (between: empty and safe)', chess960: 'Chess960 (between: empty)' },
  },
  curtailed: {
    label: 'Curtailed castling',
    help: 'When on, a king standing on the g-file may castle only on the king’s side, one on the b-file only on the queen’s side.',
    values: { off: 'Off', on: 'On' },
  },
  'knight-camel-swap': {
    label: 'Knights and Camels change places',
    help: 'After the dice, the men on the Knights’ and the Camels’ squares are interchanged: never, always, or depending on the total of the three white dice.',
    values: {
      off: 'Never',
      always: 'Always',
      'odd-total': 'When the white dice total is odd',
      'even-total': 'When the white dice total is even',
    },
  },
};

const readable = (text: string): string => {
  const words = text.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function optionLabel(name: string): string {
  return OPTIONS[name]?.label ?? readable(name);
}

export function optionHelp(name: string): string {
  return OPTIONS[name]?.help ?? '';
}

export function valueLabel(name: string, value: string): string {
  return OPTIONS[name]?.values[value] ?? readable(value);
}

/** A game's options as words for the game page ("Curtailed castling: On"); the dice are shown apart. */
export function optionsInWords(options: Record<string, string>): string[] {
  return Object.entries(options)
    .filter(([name]) => name !== 'dice' && name !== 'view' && name !== 'composition')
    .map(([name, value]) => `${optionLabel(name)}: ${valueLabel(name, value)}`);
}
