// Chess 56 and Chess 2016: the dice and what they do to the array (see docs/rules/chess2016.md).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "core/game.h"

namespace menagerie {

// The men the dice may change, by the cells they start on: Tigers e1/h1, Man f1, Cannon g1,
// Queen f2, Camels c2/j2, Knights d2/i2 (Black's mirrored).
enum DiceSlot : int { TIGER, MAN, CANNON, QUEEN, CAMEL, KNIGHT, SLOT_NB };
using DiceArray = std::array<std::string, SLOT_NB>;  // a piece name for each slot

// A roll: three white dice (any order), and for Chess 2016 the green and red dice (else 0).
struct Dice {
    std::array<int, 3> white = {1, 1, 1};
    int green = 0, red = 0;
};

// Setup numbers: white rolls (ascending dice) in lexicographic order, 1-1-1 = 0 ... 6-6-6 = 55;
// Chess 2016: white * 36 + (green - 1) * 6 + (red - 1).
Dice dice_of(bool chess2016, int number);
int dice_number(const Dice& d);
std::string dice_text(const Dice& d);  // W1-2-3 or W1-2-3.G4.R5, white dice ascending

// The substitutions of the rules in words (the page's 56-row table is compared in the tests).
DiceArray chess56_array(const std::array<int, 3>& white);
DiceArray chess2016_white_array(const std::array<int, 3>& white);
// The whole roll, then option knight-camel-swap (off, always, odd-total, even-total).
DiceArray dice_array(const Dice& d, const std::string& knight_camel_swap);
// "Queen becomes Griffin; Tigers become Lions", or "no substitutions".
std::string substitutions_text(const DiceArray& x);
// The substitutions of setup `number` of a chess56 or chess2016 game, with its options.
std::string game_substitutions(const Game& game, int number);

// chess56 or chess2016; options knight-camel-swap and dice (a roll: the game of that setup).
std::shared_ptr<const Game> make_dice_game(const std::string& name, const Options& options);

}  // namespace menagerie
