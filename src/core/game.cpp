#include "core/game.h"

#include <set>
#include <stdexcept>

#include "core/error.h"

namespace menagerie {

int Game::type_of_letter(char upper) const {
    for (size_t t = 0; t < types.size(); ++t)
        if (types[t].letter == upper) return static_cast<int>(t);
    return -1;
}

const Setup& Game::find_setup(const std::string& given) const {
    if (setups.empty()) throw Error(name + " has no numbered setups");
    std::string id = given;  // lists of choices may be separated by spaces or commas
    for (char& c : id)
        if (c == ' ') c = ',';
    bool numeric = !id.empty() && id.size() < 9;
    for (char c : id) numeric &= c >= '0' && c <= '9';
    if (numeric) {
        const int n = std::stoi(id);
        if (n < static_cast<int>(setups.size())) return setups[static_cast<size_t>(n)];
        throw Error("setup " + id + " does not exist: " + name + " has setups 0 to " +
                    std::to_string(setups.size() - 1));
    }
    for (const Setup& s : setups) {
        if (s.name == id) return s;
        for (const std::string& alias : s.aliases)
            if (alias == id) return s;
    }
    throw Error("unknown setup '" + given + "' for " + name);
}

void Game::freeze() {
    std::set<char> letters;
    for (size_t t = 0; t < types.size(); ++t) {
        const PieceType& p = types[t];
        if (!letters.insert(p.letter).second)
            throw std::logic_error(name + ": two piece types use the letter " +
                                   std::string(1, p.letter));
        const int index = static_cast<int>(t);
        if (p.royal) king = index;
        if (p.pawn) pawn = index;
        if (p.name == "queen") queen = index;
        if (p.name == "rook") rook = index;
        if (p.name == "bishop") bishop = index;
        if (p.name == "knight") knight = index;
    }
    if ((castling.enabled || bunker_leap) && (king < 0 || rook < 0))
        throw std::logic_error(name + ": castling needs a king and a rook");
    if (bishop_adjustment && bishop < 0)
        throw std::logic_error(name + ": adjustment needs bishops");
    tables = std::make_unique<MoveTables>(geometry, types);
    for (size_t t = 0; t < types.size(); ++t)
        if (tables->piece(static_cast<int>(t), WHITE).ride_capture |
            tables->piece(static_cast<int>(t), BLACK).ride_capture)
            rider_types.push_back(static_cast<int>(t));
}

}  // namespace menagerie
