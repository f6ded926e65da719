// The men's pictures: original, simple SVG drawings in a 100 × 100 box, one per piece type name
// (the names /api/board lists). Colours come from CSS variables (--pc-body, --pc-line) set by the
// `.piece.white` / `.piece.black` classes, so one drawing serves both sides. A compound piece is
// drawn as the left half of one part and the right half of the other, split by a line.

const BASE = '<path class="gb" d="M20 90h60a3 3 0 0 0 3-3v-5a3 3 0 0 0-3-3H20a3 3 0 0 0-3 3v5a3 3 0 0 0 3 3z"/>';

const KNIGHT_HEAD =
  '<path class="gb" d="M28 79 L33 62 Q22 57 20 47 L34 32 L38 16 L46 27 Q70 28 76 52 Q80 66 74 79 Z"/>' +
  '<circle class="gl" cx="38" cy="37" r="3"/><path class="gd" d="M22 48 L28 47"/>';

const CANNON_WHEEL = '<circle class="gb" cx="40" cy="68" r="11"/><circle class="gl" cx="40" cy="68" r="3"/>';

// Each drawing without the pedestal, which every man but the swan stands on.
const FIGURES: Record<string, string> = {
  king:
    '<path class="gb" d="M30 79 L26 50 Q50 40 74 50 L70 79 Z"/>' +
    '<path class="gd" d="M30 60 Q50 54 70 60"/>' +
    '<path class="gb" d="M46 44 V32 H40 V25 H46 V18 H54 V25 H60 V32 H54 V44 Z"/>',
  queen:
    '<path class="gb" d="M28 79 L20 38 L36 56 L42 30 L50 54 L58 30 L64 56 L80 38 L72 79 Z"/>' +
    '<circle class="gb" cx="20" cy="34" r="5"/><circle class="gb" cx="42" cy="26" r="5"/><circle class="gb" cx="58" cy="26" r="5"/><circle class="gb" cx="80" cy="34" r="5"/>' +
    '<path class="gd" d="M29 70 Q50 64 71 70"/>',
  rook:
    '<path class="gb" d="M30 79 L33 44 H67 L70 79 Z"/>' +
    '<path class="gb" d="M26 44 V24 H35 V32 H44 V24 H56 V32 H65 V24 H74 V44 Z"/>' +
    '<path class="gd" d="M34 56 H66"/>',
  bishop:
    '<path class="gb" d="M36 79 Q30 70 34 62 H66 Q70 70 64 79 Z"/>' +
    '<path class="gb" d="M50 18 Q74 38 62 62 H38 Q26 38 50 18 Z"/>' +
    '<circle class="gb" cx="50" cy="15" r="5"/><path class="gd" d="M44 36 L58 48"/>',
  knight: KNIGHT_HEAD,
  pawn:
    '<path class="gb" d="M32 79 Q34 62 44 56 Q36 50 38 42 H62 Q64 50 56 56 Q66 62 68 79 Z"/>' +
    '<circle class="gb" cx="50" cy="32" r="12"/>',
  camel:
    '<path class="gb" d="M16 79 L20 58 Q20 50 28 48 Q34 32 42 46 Q48 34 56 46 L62 48 L66 28 Q68 20 76 21 L84 26 L82 31 L74 31 L72 56 L76 79 H68 L64 62 H32 L28 79 Z"/>' +
    '<circle class="gl" cx="77" cy="25" r="1.8"/>',
  camelrider:
    '<path class="gb" d="M24 79 L27 58 Q27 50 34 48 Q39 34 46 46 Q51 36 58 46 L63 48 L67 30 Q69 22 76 23 L84 27 L82 32 L75 32 L73 56 L77 79 H70 L66 62 H38 L34 79 Z"/>' +
    '<path class="gd" d="M6 40 H20 M4 50 H20 M8 60 H20"/>',
  tiger:
    '<path class="gb" d="M22 79 Q18 48 28 32 L24 16 L40 26 Q50 22 60 26 L76 16 L72 32 Q82 48 78 79 Z"/>' +
    '<path class="gd" d="M34 44 L42 48 M66 44 L58 48 M26 58 L36 60 M74 58 L64 60 M28 70 L38 70 M72 70 L62 70 M50 30 V38"/>' +
    '<path class="gd" d="M44 62 L50 67 L56 62"/>',
  man:
    '<circle class="gb" cx="50" cy="30" r="12"/>' +
    '<path class="gb" d="M24 79 Q24 50 50 46 Q76 50 76 79 Z"/>',
  cannon:
    '<path class="gb" d="M18 50 L80 40 Q86 40 86 46 L86 52 Q86 58 80 57 L18 62 Z"/>' +
    '<path class="gd" d="M70 42 V56"/>' + CANNON_WHEEL,
  vao:
    '<path class="gb" d="M26 64 L66 22 Q71 18 75 22 L79 26 Q83 30 78 34 L36 72 Z"/>' +
    '<path class="gd" d="M62 28 L74 38"/>' + CANNON_WHEEL,
  leo:
    '<path class="gb" d="M18 50 L80 40 Q86 40 86 46 L86 52 Q86 58 80 57 L18 62 Z"/>' +
    '<path class="gb" d="M58 34 L62 22 L66 32 L72 20 L74 36 Z"/>' + CANNON_WHEEL,
  walker:
    '<path class="gb" d="M34 16 H58 V56 Q78 58 82 70 V79 H30 Q28 70 34 62 Z"/>' +
    '<path class="gd" d="M34 30 H58 M58 62 Q70 64 74 72"/>',
  wazir:
    '<rect class="gb" x="24" y="26" width="52" height="52" rx="6"/>' +
    '<path class="gl" d="M45 32 H55 V47 H70 V57 H55 V72 H45 V57 H30 V47 H45 Z"/>',
  fers:
    '<rect class="gb" x="24" y="26" width="52" height="52" rx="6"/>' +
    '<path class="gl" d="M32 37 L39 30 L50 41 L61 30 L68 37 L57 48 L68 59 L61 66 L50 55 L39 66 L32 59 L43 48 Z"/>',
  elephant:
    '<path class="gb" d="M30 79 Q22 60 28 40 Q34 22 52 22 Q72 22 76 40 Q80 54 70 60 L68 79 Z"/>' +
    '<path class="gb" d="M64 44 Q74 54 72 66 Q71 74 64 76 L62 70 Q66 66 64 58 Z"/>' +
    '<path class="gb" d="M34 36 Q14 36 16 56 Q20 66 34 60 Z"/>' +
    '<circle class="gl" cx="58" cy="38" r="2.5"/>',
  griffin:
    '<path class="gb" d="M24 79 Q20 50 36 34 Q44 24 58 24 L76 30 L64 36 Q70 48 64 60 L68 79 Z"/>' +
    '<path class="gb" d="M40 50 Q14 42 10 20 Q30 30 44 40 Z"/>' +
    '<circle class="gl" cx="56" cy="32" r="2.5"/>',
  zebra:
    KNIGHT_HEAD +
    '<path class="gd" d="M44 40 L56 32 M48 50 L66 40 M50 62 L74 52 M52 72 L76 66"/>',
  giraffe:
    '<path class="gb" d="M30 79 L40 58 L50 18 Q52 12 58 13 L70 18 L68 24 L60 24 L58 60 L66 79 Z"/>' +
    '<path class="gd" d="M52 14 L50 8 M57 13 L58 7"/>' +
    '<circle class="gl" cx="52" cy="36" r="2.5"/><circle class="gl" cx="51" cy="48" r="2.5"/><circle class="gl" cx="47" cy="62" r="2.5"/>' +
    '<circle class="gl" cx="61" cy="17" r="1.5"/>',
  lion:
    '<path class="gb" d="M50 14 L58 22 L70 18 L72 30 L84 36 L78 48 L84 60 L72 64 L70 76 L58 72 L50 80 L42 72 L30 76 L28 64 L16 60 L22 48 L16 36 L28 30 L30 18 L42 22 Z"/>' +
    '<circle class="gb" cx="50" cy="48" r="17"/>' +
    '<circle class="gl" cx="43" cy="44" r="2.5"/><circle class="gl" cx="57" cy="44" r="2.5"/><path class="gd" d="M44 56 L50 60 L56 56"/>',
  rhinoceros:
    '<path class="gb" d="M20 79 Q16 56 30 46 Q44 38 60 40 L70 28 L72 44 L84 50 Q88 58 80 62 L70 64 L72 79 Z"/>' +
    '<path class="gb" d="M60 40 L58 22 L68 32 Z"/>' +
    '<circle class="gl" cx="66" cy="50" r="2.5"/><path class="gd" d="M36 48 L40 40 L44 48"/>',
  nightrider:
    KNIGHT_HEAD + '<path class="gl" d="M70 6 A12 12 0 1 0 84 22 A9 9 0 1 1 70 6 Z"/>',
};

// Compound pieces: [left half, right half].
const COMPOUNDS: Record<string, [string, string]> = {
  princess: ['bishop', 'knight'],
  empress: ['rook', 'knight'],
  duchess: ['bishop', 'zebra'],
  lady: ['bishop', 'giraffe'],
  monarch: ['rook', 'camel'],
  archbishop: ['bishop', 'wazir'],
};

// Face down: a rounded tile with a swan on it (Black Swan's unseen men).
const SWAN =
  '<rect class="gb" x="12" y="12" width="76" height="78" rx="12"/>' +
  '<path class="gl" d="M26 72 Q26 58 44 58 Q56 58 60 48 Q64 36 56 30 Q48 26 46 34 L38 32 Q44 20 58 22 Q74 28 70 50 Q66 66 78 60 Q76 78 50 78 Q32 78 26 72 Z"/>';

/** A stable id for a piece name's drawing inside the page. */
export function glyphId(name: string): string {
  return 'glyph-' + name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The drawing for a piece type name (without wrapper); a lettered disc for an unknown name. */
export function glyphBody(name: string): string {
  const key = name.toLowerCase();
  if (key.includes('swan')) return SWAN;
  const figure = FIGURES[key];
  if (figure) return BASE + figure;
  const compound = COMPOUNDS[key];
  if (compound) {
    const [left, right] = compound;
    return (
      BASE +
      `<g clip-path="url(#glyph-clip-left)">${FIGURES[left]}</g>` +
      `<g clip-path="url(#glyph-clip-right)">${FIGURES[right]}</g>` +
      '<path class="gsplit" d="M50 8 V79"/>'
    );
  }
  return BASE + '<circle class="gb" cx="50" cy="46" r="30"/>';
}

/** Whether a name has a drawing of its own (not the lettered fallback disc). */
export function hasOwnGlyph(name: string): boolean {
  const key = name.toLowerCase();
  return key.includes('swan') || key in FIGURES || key in COMPOUNDS;
}

/** `<defs>` content holding the drawings for these names, as `<symbol>`s to `<use>`. */
export function glyphDefs(names: string[]): string {
  const unique = [...new Set(names)];
  return (
    '<clipPath id="glyph-clip-left"><rect x="0" y="0" width="50" height="100"/></clipPath>' +
    '<clipPath id="glyph-clip-right"><rect x="50" y="0" width="50" height="100"/></clipPath>' +
    unique
      .map((n) => `<symbol id="${glyphId(n)}" viewBox="0 0 100 100" width="100" height="100">${glyphBody(n)}</symbol>`)
      .join('')
  );
}

/** Every name drawn here: the 29 types of Chess 2016 and 56, and the face-down swan. */
export const DRAWN_NAMES = [...Object.keys(FIGURES), ...Object.keys(COMPOUNDS), 'swan'];
