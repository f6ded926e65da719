// Chess 56 and Chess 2016 (seed 000): the 96-square board, 29 piece types, and setups from dice.
// A setup is a roll; the roll decides the array and with it the promotion types, so every setup
// is played in its own copy of the game (Game::game_for_setup), which carries the roll as its
// option `dice` (and so in PGN). See docs/rules/chess2016.md.
#include "games/chess2016.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include "core/error.h"
#include "games/boards.h"
#include "games/games.h"

namespace menagerie {

namespace {

// Every type of both games, with its token (see docs/rules/chess2016.md): one capital letter
// for 26 of them, a letter with a prime for the three that share an initial with another.
const std::pair<const char*, const char*> TYPES[] = {
    {"pawn", "P"},       {"knight", "N"},      {"bishop", "B"},     {"rook", "R"},
    {"queen", "Q"},      {"king", "K"},        {"camel", "C"},      {"tiger", "T"},
    {"man", "M"},        {"cannon", "O"},      {"walker", "A"},     {"duchess", "D"},
    {"monarch", "U"},    {"wazir", "W"},       {"princess", "S"},   {"leo", "X"},
    {"elephant", "E"},   {"camelrider", "C'"}, {"griffin", "G'"},   {"fers", "F"},
    {"lady", "J"},       {"empress", "Y"},     {"zebra", "Z"},      {"giraffe", "G"},
    {"lion", "L"},       {"rhinoceros", "R'"}, {"nightrider", "I"}, {"vao", "V"},
    {"archbishop", "H"},
};

std::string capital(const std::string& name) {
    std::string s = name;
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

std::string plural(const std::string& name) {
    if (name == "man") return "men";
    if (name == "rhinoceros") return "rhinoceroses";
    if (name == "princess" || name == "empress" || name == "duchess") return name + "es";
    if (name == "lady") return "ladies";
    return name + "s";
}

const char* SLOT_WORDS[SLOT_NB] = {"tiger", "man", "cannon", "queen", "camel", "knight"};
const bool SLOT_PAIRED[SLOT_NB] = {true, false, false, false, true, true};

int dice_count(bool chess2016) { return chess2016 ? 56 * 36 : 56; }

// The 56 white rolls, ascending dice, in lexicographic order.
const std::vector<std::array<int, 3>>& white_rolls() {
    static const std::vector<std::array<int, 3>> rolls = [] {
        std::vector<std::array<int, 3>> out;
        for (int a = 1; a <= 6; ++a)
            for (int b = a; b <= 6; ++b)
                for (int c = b; c <= 6; ++c) out.push_back({a, b, c});
        return out;
    }();
    return rolls;
}

std::string white_text(const std::array<int, 3>& w) {
    return "W" + std::to_string(w[0]) + "-" + std::to_string(w[1]) + "-" + std::to_string(w[2]);
}

// The canonical spelling of a roll (white dice ascending, capitals), or "" if `id` is none.
std::string normal_roll(const std::string& id, bool chess2016) {
    std::string s;
    for (char c : id) s += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    auto digit = [&](size_t i) { return i < s.size() && s[i] >= '1' && s[i] <= '6'; };
    const size_t want = chess2016 ? 12 : 6;
    if (s.size() != want || s[0] != 'W' || !digit(1) || s[2] != '-' || !digit(3) || s[4] != '-' ||
        !digit(5))
        return "";
    if (chess2016 &&
        (s[6] != '.' || s[7] != 'G' || !digit(8) || s[9] != '.' || s[10] != 'R' || !digit(11)))
        return "";
    std::array<int, 3> w = {s[1] - '0', s[3] - '0', s[5] - '0'};
    std::sort(w.begin(), w.end());
    return white_text(w) + (chess2016 ? s.substr(6) : "");
}

void interchange(DiceArray& a) { std::swap(a[CAMEL], a[KNIGHT]); }

}  // namespace

Dice dice_of(bool chess2016, int number) {
    Dice d;
    d.white = white_rolls()[static_cast<size_t>(chess2016 ? number / 36 : number)];
    if (chess2016) d.green = number / 6 % 6 + 1, d.red = number % 6 + 1;
    return d;
}

int dice_number(const Dice& d) {
    std::array<int, 3> w = d.white;
    std::sort(w.begin(), w.end());
    const auto& rolls = white_rolls();
    const int white = static_cast<int>(std::find(rolls.begin(), rolls.end(), w) - rolls.begin());
    return d.green == 0 ? white : white * 36 + (d.green - 1) * 6 + (d.red - 1);
}

std::string dice_text(const Dice& d) {
    std::array<int, 3> w = d.white;
    std::sort(w.begin(), w.end());
    return white_text(w) +
           (d.green == 0 ? "" : ".G" + std::to_string(d.green) + ".R" + std::to_string(d.red));
}

DiceArray chess56_array(const std::array<int, 3>& dice) {
    std::array<int, 3> w = dice;
    std::sort(w.begin(), w.end());
    const int a = w[0], b = w[1], c = w[2];
    DiceArray x = {"tiger", "man", "cannon", "queen", "camel", "knight"};
    if (a == c) {
        if (a == 2) x[QUEEN] = "man", x[MAN] = "nightrider";
        if (a == 3) x[QUEEN] = "rhinoceros";
        if (a == 4) x[CANNON] = "princess";
        if (a == 5) x[QUEEN] = "empress";
        if (a == 6) x[MAN] = "tiger", x[TIGER] = "man";
    } else if (a == b || b == c) {
        const int pair = b, rest = a == b ? c : a;
        const char* leaper[] = {"lion", "zebra", "giraffe"};
        // Pairs 1-1 to 3-3 change the Tigers; 4-4 to 6-6 the Man, and the Tigers become Men,
        // so that the remaining die's Walker or Wazir goes to the Tigers instead.
        const bool man_taken = pair >= 4;
        if (man_taken)
            x[MAN] = leaper[pair - 4], x[TIGER] = "man";
        else
            x[TIGER] = leaper[pair - 1];
        if (rest == 1) x[man_taken ? TIGER : MAN] = "walker";
        if (rest == 2) x[man_taken ? TIGER : MAN] = "wazir";
        if (rest == 3) x[CANNON] = "princess";
        if (rest == 4) x[CANNON] = "camelrider";
        if (rest == 5) x[QUEEN] = "griffin";
        if (rest == 6) x[QUEEN] = "empress";
    } else {
        const char* man[] = {"walker", "wazir", "elephant", "fers"};
        const char* cannon[] = {"duchess", "princess", "camelrider", "lady"};
        const char* queen[] = {"monarch", "leo", "griffin", "empress"};
        x[MAN] = man[a - 1], x[CANNON] = cannon[b - 2], x[QUEEN] = queen[c - 3];
    }
    return x;
}

DiceArray chess2016_white_array(const std::array<int, 3>& dice) {
    std::array<int, 3> w = dice;
    std::sort(w.begin(), w.end());
    const int a = w[0], b = w[1], c = w[2];
    DiceArray x = {"tiger", "man", "cannon", "queen", "camel", "knight"};
    const char* minor[] = {"tiger", "man", "lion", "zebra", "giraffe", "vao"};
    if (a == c) {
        if (a == 1) x[CAMEL] = "giraffe";
        if (a == 2) x[MAN] = "zebra";
        if (a == 3) x[MAN] = "giraffe";
        if (a == 4) x[TIGER] = "lion";
        if (a == 5) x[TIGER] = "vao";
        if (a >= 2) interchange(x);
    } else if (a == b || b == c) {
        const int pair = b, rest = a == b ? c : a;
        x[TIGER] = minor[pair - 1];
        x[MAN] = minor[rest - 1];
    } else {
        const char* man[] = {"walker", "wazir", "zebra", "giraffe"};
        const char* tiger[] = {"zebra", "giraffe", "lion", "vao"};
        x[MAN] = man[a - 1];
        x[TIGER] = tiger[c - 3];
        if (b == 2) x[CAMEL] = "giraffe";
        if (b == 3) x[CAMEL] = "zebra";
        if (b == 4) x[KNIGHT] = "giraffe", x[CAMEL] = "knight";
        if (b == 5) x[KNIGHT] = "zebra", x[CAMEL] = "knight";
        // The starred cases: a Giraffe or Zebra the middle die gave may not come twice.
        if (b == 2 && c == 4) x[TIGER] = "wazir";
        if (b == 5 && a == 3) x[MAN] = "lion";
    }
    return x;
}

DiceArray dice_array(const Dice& d, const std::string& knight_camel_swap) {
    DiceArray x = d.green == 0 ? chess56_array(d.white) : chess2016_white_array(d.white);
    if (d.green != 0) {
        // Green 2: the Queen becomes what the Man became, and the Man a Nightrider.
        const char* queen[] = {"queen", "", "empress", "griffin", "leo", "monarch"};
        if (d.green == 2)
            x[QUEEN] = x[MAN], x[MAN] = "nightrider";
        else
            x[QUEEN] = queen[d.green - 1];
        const char* cannon[] = {"cannon",  "princess", "camelrider",
                                "duchess", "lady",     "archbishop"};
        x[CANNON] = cannon[d.red - 1];
    }
    const int total = d.white[0] + d.white[1] + d.white[2];
    if (knight_camel_swap == "always" || (knight_camel_swap == "odd-total" && total % 2 == 1) ||
        (knight_camel_swap == "even-total" && total % 2 == 0))
        interchange(x);
    return x;
}

std::string substitutions_text(const DiceArray& x) {
    std::string out;
    for (int s = 0; s < SLOT_NB; ++s) {
        if (x[s] == SLOT_WORDS[s]) continue;
        out += out.empty() ? "" : "; ";
        out += SLOT_PAIRED[s] ? capital(plural(SLOT_WORDS[s])) + " become " + capital(plural(x[s]))
                              : capital(SLOT_WORDS[s]) + " becomes " + capital(x[s]);
    }
    return out.empty() ? "no substitutions" : out;
}

std::string game_substitutions(const Game& game, int number) {
    const bool is2016 = game.name == "chess2016";
    const auto it = game.options.find("knight-camel-swap");
    return substitutions_text(
        dice_array(dice_of(is2016, number), it == game.options.end() ? "off" : it->second));
}

namespace {

int type_named(const Game& game, const std::string& name) {
    for (size_t t = 0; t < game.men.types.size(); ++t)
        if (game.men.types[t].name == name) return static_cast<int>(t);
    throw std::logic_error(game.name + " has no " + name);
}

// The board, the men, castling three cells towards the rook, promotion where no cell lies ahead.
std::shared_ptr<Game> board_game(const std::string& name, const std::string& title,
                                 const std::vector<std::pair<const char*, const char*>>& types) {
    auto game = std::make_shared<Game>();
    game->name = name;
    game->title = title;
    game->geometry = chess2016_board();
    for (const auto& [piece, token] : types) {
        game->men.types.push_back(make_piece(piece));
        game->men.types.back().token = token;
    }
    const Geometry& g = game->geometry;
    for (Square s = 0; s < g.size(); ++s) {
        const int rank = g.cell(s).rank;
        if (rank == 1) game->zones.back_rank[WHITE] |= square_bb(s);
        if (rank == 8) game->zones.back_rank[BLACK] |= square_bb(s);
        if (rank == 2) game->zones.double_step[WHITE] |= square_bb(s);
        if (rank == 7) game->zones.double_step[BLACK] |= square_bb(s);
        if (!g.step(s, NORTH)) game->zones.promotion[WHITE] |= square_bb(s);
        if (!g.step(s, SOUTH)) game->zones.promotion[BLACK] |= square_bb(s);
    }
    CastlingRules& c = game->rules.castling;
    c.enabled = true;
    for (Color side : {WHITE, BLACK}) {
        const int rank = side == WHITE ? 1 : 8;  // the king goes three cells towards the rook
        c.king_to[side] = {g.at(9, rank), g.at(3, rank)};
        c.rook_to[side] = {g.at(8, rank), g.at(4, rank)};
    }
    return game;
}

// Puts an array: rank 2 (9 for Black) b-k, rank 1 (10) e-h, pawns on ranks 3 and 8.
void put_army(Position& pos, const DiceArray& x) {
    const Game& game = pos.game();
    const Geometry& geo = pos.geometry();
    const std::string main_row[] = {"rook", x[CAMEL], x[KNIGHT], "bishop", x[QUEEN],
                                    "king", "bishop", x[KNIGHT], x[CAMEL], "rook"};
    const std::string back_row[] = {x[TIGER], x[MAN], x[CANNON], x[TIGER]};
    for (int f = 1; f <= 10; ++f) {
        const int t = type_named(game, main_row[f - 1]);
        pos.put(geo.at(f, 1), make_piece_code(WHITE, t));
        pos.put(geo.at(f, 8), make_piece_code(BLACK, t));
        pos.put(geo.at(f, 2), make_piece_code(WHITE, game.men.pawn));
        pos.put(geo.at(f, 7), make_piece_code(BLACK, game.men.pawn));
    }
    for (int f = 4; f <= 7; ++f) {
        const int t = type_named(game, back_row[f - 4]);
        pos.put(geo.at(f, 0), make_piece_code(WHITE, t));
        pos.put(geo.at(f, 9), make_piece_code(BLACK, t));
    }
    give_castling_rights(pos);
}

// Every type of the array but pawn and king, in the game's type order.
std::vector<int> promotion_types_of(const Game& game, const DiceArray& x) {
    std::vector<int> out;
    for (size_t t = 0; t < game.men.types.size(); ++t) {
        const std::string& n = game.men.types[t].name;
        const bool in_array =
            n == "rook" || n == "bishop" || std::find(x.begin(), x.end(), n) != x.end();
        if (in_array && !game.men.types[t].pawn && !game.men.types[t].royal)
            out.push_back(static_cast<int>(t));
    }
    return out;
}

// Makes `game` the game of setup `number`: its dice in force, its promotion types, a fixed start.
void fix_setup(Game& game, int number) {
    const bool is2016 = game.name == "chess2016";
    game.options["dice"] = game.start.setups[static_cast<size_t>(number)].name;
    game.start.random_start = false;
    game.men.promotions = promotion_types_of(
        game, dice_array(dice_of(is2016, number), game.options["knight-camel-swap"]));
    game.start.build_start = [number](Position& pos) { pos.game().start.build_setup(pos, number); };
}

}  // namespace

std::shared_ptr<const Game> make_dice_game(const std::string& name, const Options& given) {
    const bool is2016 = name == "chess2016";
    std::vector<std::pair<const char*, const char*>> types(std::begin(TYPES), std::end(TYPES));
    auto game = board_game(name, is2016 ? "Chess 2016" : "Chess 56", types);
    game->option_list = {{"knight-camel-swap", {"off", "always", "odd-total", "even-total"}}};
    Options options = given;
    std::optional<std::string> dice;
    if (const auto it = options.find("dice"); it != options.end()) {
        dice = it->second;
        options.erase(it);
    }
    apply_options(*game, options);
    game->freeze();
    for (int n = 0; n < dice_count(is2016); ++n)
        game->start.setups.push_back({n, dice_text(dice_of(is2016, n)), {}});
    game->start.setup_id = [is2016](const std::string& id) {
        const std::string normal = normal_roll(id, is2016);
        return normal.empty() ? id : normal;
    };
    game->start.build_setup = [is2016](Position& pos, int n) {
        const auto it = pos.game().options.find("knight-camel-swap");
        put_army(pos, dice_array(dice_of(is2016, n), it->second));
    };
    game->start.game_for_setup = [](const Game& self, int n) -> std::shared_ptr<const Game> {
        if (self.options.count("dice") &&
            self.options.at("dice") == self.start.setups[static_cast<size_t>(n)].name)
            return nullptr;
        auto copy = std::make_shared<Game>(self);
        fix_setup(*copy, n);
        return copy;
    };
    game->start.draw_setup = [is2016](std::mt19937_64& rng) {
        std::uniform_int_distribution<int> die(1, 6);
        Dice d;
        for (int& w : d.white) w = die(rng);
        if (is2016) d.green = die(rng), d.red = die(rng);
        return dice_number(d);
    };
    // Without dice (a FEN given by itself), pawns promote to the types of the unsubstituted array.
    game->men.promotions =
        promotion_types_of(*game, {"tiger", "man", "cannon", "queen", "camel", "knight"});
    game->start.random_start = true;
    if (dice) {
        const std::string normal = normal_roll(*dice, is2016);
        if (normal.empty())
            throw Error(ErrorKind::Option, "dice",
                        "option dice must be a roll such as " +
                            std::string(is2016 ? "W1-2-3.G4.R5" : "W1-2-3") + ", not " +
                            quoted(*dice));
        fix_setup(*game, game->find_setup(normal).number);
    }
    return game;
}

std::shared_ptr<const Game> make_chess2016_default_army() {
    auto game = board_game("chess2016-default", "Chess 2016 (default army)",
                           {{"pawn", "P"},
                            {"knight", "N"},
                            {"bishop", "B"},
                            {"rook", "R"},
                            {"queen", "Q"},
                            {"king", "K"},
                            {"camel", "C"},
                            {"tiger", "T"},
                            {"man", "M"},
                            {"cannon", "O"}});
    game->freeze();
    for (int t = 0; t < static_cast<int>(game->men.types.size()); ++t)
        if (t != game->men.pawn && t != game->men.king) game->men.promotions.push_back(t);
    game->start.setups = {{0, "default", {}}};
    game->start.build_setup = [](Position& pos, int) {
        put_army(pos, {"tiger", "man", "cannon", "queen", "camel", "knight"});
    };
    game->start.build_start = [](Position& pos) { pos.game().start.build_setup(pos, 0); };
    return game;
}

}  // namespace menagerie
