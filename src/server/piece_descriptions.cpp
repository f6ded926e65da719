#include "server/piece_descriptions.h"

#include <map>

namespace menagerie::server {

std::string piece_description(const std::string& name) {
    static const std::map<std::string, std::string> TEXT = {
        {"king",
         "Steps one cell in any of the eight directions. It must never be left attacked: a king "
         "attacked with no way out is checkmated, which ends the game. It castles with a rook "
         "where the game allows."},
        {"pawn",
         "Moves straight ahead one cell, or two from its starting rank when both cells are empty, "
         "and captures one cell diagonally forward; it also captures en passant. On the far rank "
         "it promotes to one of the game's promotion pieces."},
        {"knight",
         "Leaps to the nearest cells that are not on its rank, file or diagonal (one cell one way "
         "and two the other), jumping over anything between."},
        {"bishop", "Rides any distance diagonally until it meets a man or the board's edge."},
        {"rook", "Rides any distance along its rank or file until it meets a man or the edge."},
        {"queen", "Rides any distance in any of the eight directions: rook and bishop in one."},
        {"man",
         "Steps one cell in any direction like a king, but it is not royal and cannot castle."},
        {"wazir", "Steps one cell straight: forward, backward or sideways."},
        {"fers", "Steps one cell diagonally in any of the four directions."},
        {"walker",
         "Moves one cell straight (forward, backward or sideways) but captures only one cell "
         "diagonally."},
        {"elephant",
         "Steps one cell diagonally in any direction or one cell straight forward, towards the "
         "opponent's side."},
        {"camel", "Leaps three cells one way and one the other, over anything between."},
        {"zebra", "Leaps three cells one way and two the other, over anything between."},
        {"giraffe", "Leaps four cells one way and one the other, over anything between."},
        {"tiger",
         "Moves like a bishop, any distance diagonally, but captures only by a knight's leap."},
        {"lion",
         "Moves only by a knight's leap, but captures like a bishop, any distance diagonally."},
        {"cannon",
         "Moves like a rook without capturing; to capture it jumps along a rank or file over "
         "exactly one man (of either side) and takes the first enemy man beyond it."},
        {"vao",
         "Moves like a bishop without capturing; to capture it jumps diagonally over exactly one "
         "man and takes the first enemy man beyond it."},
        {"leo",
         "Moves like a queen without capturing; to capture it jumps in any of the eight "
         "directions over exactly one man and takes the first enemy man beyond it."},
        {"princess", "Rides diagonally like a bishop or leaps like a knight."},
        {"empress", "Rides straight like a rook or leaps like a knight."},
        {"duchess", "Rides diagonally like a bishop or leaps like a zebra (three and two)."},
        {"lady", "Rides diagonally like a bishop or leaps like a giraffe (four and one)."},
        {"monarch", "Rides straight like a rook or leaps like a camel (three and one)."},
        {"archbishop", "Rides diagonally like a bishop or steps one cell straight like a wazir."},
        {"nightrider",
         "Makes any number of knight's leaps in one direction in a single move; every cell it "
         "lands on along the way must be empty."},
        {"camelrider",
         "Makes any number of camel's leaps (three and one) in one direction in a single move; "
         "every cell it lands on along the way must be empty."},
        {"griffin",
         "Steps one cell diagonally, then goes on outward along the rank or file it reached, two "
         "or more cells, like a bent rook; every cell on the way must be empty."},
        {"rhinoceros",
         "Moves in a zigzag: up to seven single steps, each turned 45 degrees from the last and "
         "always the same way round; every cell on the way must be empty."},
    };
    if (const auto it = TEXT.find(name); it != TEXT.end()) return it->second;
    if (name.starts_with("swan"))
        return "A swan lies face down: until it is turned over it moves and captures as a pawn of "
               "its side. When it reaches its side's reveal zone it is turned over and becomes "
               "what it hides, a piece or an event.";
    return "";
}

}  // namespace menagerie::server
