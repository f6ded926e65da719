// A short rules page per game, in the project's own words (docs/rules is the full source). Each
// entry: who invented it, the idea in a sentence, and the points a player needs at the board.

export interface RulesText {
  family: string; // the docs/rules page it summarises
  summary: string;
  points: string[];
}

const PLACEMENT: RulesText = {
  family: 'placement',
  summary:
    'Mats Winther’s Placement Chess: orthodox chess in which the players first move their king and queen to other squares of the back rank.',
  points: [
    'Relocation phase (Placement Chess): Black first chooses where the kings stand, swapping the king with the piece on b8, c8, d8 or g8, or keeping it; White’s array follows as the mirror image.',
    'Then White chooses where the queens stand, swapping the queen with a knight or a bishop so that the bishops stay on squares of opposite colours, or keeping it; Black’s array follows as the mirror image. Then White makes the first move of play.',
    'Reduced Placement Chess lets Black only swap king and queen (or keep them): 8 arrays. Chess20 draws one of the 20 arrays at random and skips the relocation phase.',
    'The king keeps its castling rights when relocated; castling always ends with the king on g1 and the rook on f1, or the king on c1 and the rook on d1, so the king may travel further, less far or not at all.',
    'Options: the castling conditions (Placement: every square between king and rook empty and not attacked; Chess960: only empty) and curtailed castling (a king on the g-file castles only short, one on the b-file only long).',
  ],
};

const DICE: RulesText = {
  family: 'chess2016',
  summary:
    'Chess 56 and Chess 2016: a 96-square board (a 10 × 8 main field with four squares behind each army and two wings of four on the sides) and an army whose pieces the dice decide.',
  points: [
    'Each side has a Rook, Camel, Knight, Bishop, Queen, King, Bishop, Knight, Camel and Rook on its second rank, ten pawns in front, and Tiger, Man, Cannon, Tiger on the four squares behind.',
    'Three white dice (Chess 56), and a green die for the Queen and a red die for the Cannon (Chess 2016), replace the men of the Tigers’, Man’s, Cannon’s and Queen’s slots by other pieces: 56 and 2016 possible armies. The game page shows the dice of its game and the substitutions in words.',
    'Holes are not squares: nothing stands on them, slides through them or jumps off them; a single leap may pass over them.',
    'Castling: the king moves three squares towards the rook, which lands on the square the king crossed.',
    'Pawns promote on a square with no square straight ahead, to any type of the army’s initial array other than pawn and king.',
    'The option “Knights and Camels change places” interchanges the men on those squares after the dice: never, always, or depending on the total of the white dice.',
  ],
};

export const RULES: Record<string, RulesText> = {
  chess: {
    family: 'chess',
    summary: 'Orthodox chess, the base every other game here changes.',
    points: [
      'The usual men and moves, castling on either wing, en passant and promotion to queen, rook, bishop or knight.',
      'A game ends by checkmate, stalemate, resignation, time, agreement, the fifty-move rule or threefold repetition (the server declares the last two by itself).',
    ],
  },
  placement: PLACEMENT,
  'placement-reduced': PLACEMENT,
  chess20: PLACEMENT,
  contemporary: {
    family: 'contemporary',
    summary:
      'José Carrillo’s Contemporary Random Chess: the orthodox pieces from a random back rank, castling to either wing, the King’s Bunker Leap and the Bishop Adjustment.',
    points: [
      'White’s back rank holds R R N N B B Q K in any order with the king between the rooks (1,680 arrays); Black’s array is White’s turned half a turn.',
      'Castling always ends as short castling does, on either wing: O-Og puts the king on g1 and the rook on f1, O-Ob the king on b1 and the rook on c1. Depending on where the men stand it moves both, swaps them, or moves only one.',
      'The King’s Bunker Leap: once a game, instead of castling, a king that has never moved may go straight from its first square to b1 or g1 (b8, g8), jumping over friendly men only, never through check (written Kc>>g1).',
      'The Bishop Adjustment: where both bishops start on one colour, each side may once swap an unmoved bishop with the unmoved man beside it on its rank (written Be<=>R); both then count as moved.',
    ],
  },
  chess56: DICE,
  chess2016: DICE,
  chess66: {
    family: 'chess66',
    summary:
      'Gerd Degens’ Chess 66: the orthodox men on a board of 66 fields, the 8 × 8 board cut between ranks 4 and 5 with the upper half moved one file to the left.',
    points: [
      'Two new fields, 4 and 5, join the halves. With a4 and h5 they form two switches: each switch is one split square whose two fields are cells of their own.',
      'A man that steps or rides into an empty switch chooses the field it ends on: the two are two different moves, and each field leads on to different neighbours, so a line forks there.',
      'A man on either field closes the switch to every line through it; a piece that enters an occupied switch can only capture the man there.',
      'Black’s array is White’s turned half a turn, so queen faces queen. Castling is orthodox in its conditions.',
    ],
  },
  blackswan: {
    family: 'blackswan',
    summary:
      'Florin Lupusoru’s Black Swan: every man but the king starts face down as a “black swan” that moves as a pawn until it is turned over on its third or fourth rank.',
    points: [
      'A swan turned over becomes what it was: a piece, or an event that brings one to three random pieces. The owner chooses which of them stays on the swan’s square and places the others, in any order, on empty squares of their third or fourth rank nearest the swan; where squares run short, the owner chooses which are lost.',
      'Nobody knows a swan’s identity before it turns over: the server referees the game from a secret seed, shows its commitment (SHA-256) before move 1 and the seed at the end, so every draw can be checked with menagerie verify.',
      'Promotion brings a random draw of pieces too. There is no takeback.',
    ],
  },
};
