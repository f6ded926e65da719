#include "core/game.h"

#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "core/error.h"

namespace menagerie {

namespace {

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
char to_lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
char to_upper(char c) { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }

// The move tables depend only on the board and on the men's movements, and take milliseconds and
// megabytes to build: every game of the process with the same board and movements shares one set
// (each Chess 2016 roll, each game a server or a match builds). They are kept for the process's
// life: the games' code defines a handful of piece sets. A board is named by its geometry's id,
// which its factory fixes with its cells.
std::shared_ptr<const MoveTables> shared_tables(const Geometry& geometry,
                                                const std::vector<PieceType>& types) {
    std::string key = geometry.id();
    for (const PieceType& p : types) {
        key += p.royal ? "|K" : "|-";
        // Every field of a movement, as Movement has them: one added there belongs here too.
        static_assert(sizeof(Movement) == 3 + 1 + 3 * sizeof(int), "Movement's fields changed");
        for (const Movement& m : p.moves)
            for (int field : {int(m.shape), int(m.mode), int(m.directions), m.range, m.a, m.b})
                key += ' ' + std::to_string(field);
    }
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const MoveTables>> built;
    std::lock_guard lock(mutex);
    std::shared_ptr<const MoveTables>& tables = built[key];
    if (!tables) tables = std::make_shared<const MoveTables>(geometry, types);
    return tables;
}

}  // namespace

Piece Game::read_token(std::string_view text, size_t& at) const {
    if (at >= text.size() || !(is_upper(text[at]) || is_lower(text[at]))) return NO_PIECE;
    size_t end = at + 1;
    while (end < text.size() && text[end] == '\'') ++end;
    std::string upper(text.substr(at, end - at));
    upper[0] = to_upper(upper[0]);
    for (size_t t = 0; t < men.types.size(); ++t)
        if (men.types[t].token == upper) {
            const Color c = is_upper(text[at]) ? WHITE : BLACK;
            at = end;
            return make_piece_code(c, static_cast<int>(t));
        }
    return NO_PIECE;
}

std::string Game::token(Piece p) const {
    std::string t = men.types[type_of(p)].token;
    if (color_of(p) == BLACK) t[0] = to_lower(t[0]);
    return t;
}

const Setup& Game::find_setup(const std::string& given) const {
    const std::vector<Setup>& setups = start.setups;
    if (setups.empty()) throw Error(name + " has no numbered setups");
    std::string id = start.setup_id
                         ? start.setup_id(given)
                         : given;  // lists of choices may be separated by spaces or commas
    for (char& c : id)
        if (c == ' ') c = ',';
    bool numeric = !id.empty() && id.size() < 9;
    for (char c : id) numeric &= c >= '0' && c <= '9';
    if (numeric) {
        const int n = std::stoi(id);
        if (n < static_cast<int>(setups.size())) return setups[static_cast<size_t>(n)];
        throw Error(ErrorKind::Setup, "setup",
                    "setup " + id + " does not exist: " + name + " has setups 0 to " +
                        std::to_string(setups.size() - 1));
    }
    for (const Setup& s : setups) {
        if (s.name == id) return s;
        for (const std::string& alias : s.aliases)
            if (alias == id) return s;
    }
    throw Error(ErrorKind::Setup, "setup", "unknown setup " + quoted(given) + " for " + name);
}

void Game::freeze() {
    if (men.types.size() > PIECE_TYPE_MAX)
        throw std::logic_error(name + " has more than " + std::to_string(PIECE_TYPE_MAX) +
                               " piece types");
    std::set<std::string> tokens;
    for (size_t t = 0; t < men.types.size(); ++t) {
        const PieceType& p = men.types[t];
        const bool well_formed = !p.token.empty() && is_upper(p.token[0]) &&
                                 p.token.find_first_not_of('\'', 1) == std::string::npos;
        if (!well_formed)
            throw std::logic_error(name + ": piece token '" + p.token + "' of " + p.name +
                                   " is not a capital letter followed by primes");
        if (!tokens.insert(p.token).second)
            throw std::logic_error(name + ": two piece types use the token " + p.token);
        const int index = static_cast<int>(t);
        men.value[t] = p.value;
        if (p.royal) men.king = index;
        if (p.pawn) men.pawn = index;
        if (p.name == "queen") men.queen = index;
        if (p.name == "rook") men.rook = index;
        if (p.name == "bishop") men.bishop = index;
        if (p.name == "knight") men.knight = index;
    }
    if ((rules.castling.enabled || rules.bunker_leap) && (men.king < 0 || men.rook < 0))
        throw std::logic_error(name + ": castling needs a king and a rook");
    if (rules.bishop_adjustment && men.bishop < 0)
        throw std::logic_error(name + ": adjustment needs bishops");
    tables = shared_tables(geometry, men.types);
    for (size_t t = 0; t < men.types.size(); ++t)
        if (tables->piece(static_cast<int>(t), WHITE).ride_capture |
            tables->piece(static_cast<int>(t), BLACK).ride_capture)
            men.riders.push_back(static_cast<int>(t));
    for (int t : men.riders) men.rider_set |= type_bit(t);
    const int ordinary = has_chance() ? chance.first_hidden : static_cast<int>(men.types.size());
    for (int t = 0; t < ordinary; ++t)
        if (t != men.king) men.ordinary_set |= type_bit(t);
}

}  // namespace menagerie
