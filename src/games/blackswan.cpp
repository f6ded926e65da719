// Black Swan (Florin Lupusoru), the referee's game: every identity known. Kings on e1 and e8;
// each side's other 15 starting squares hold face-down swans drawn from its tiles with the
// game's seed (games/blackswan_draws.h). Swans are types of their own, one per identity, after
// the orthodox six; they move as pawns and are turned over on their third or fourth rank
// (core/rules/swans.cpp). No castling.
//
// Events bring their pieces (drawn with the seed); the owner places the extra ones in the same
// turn; a promotion brings 1-3 random pieces placed the same way (docs/rules/blackswan.md).
// With option view=player the same rules make the player's game: one swan type, S, with no
// identity and no seed; what a reveal or promotion brings comes with the move.
#include "games/blackswan.h"

#include <algorithm>

#include "core/error.h"
#include "games/blackswan_draws.h"
#include "games/blackswan_outcomes.h"
#include "games/games.h"

namespace menagerie {

namespace {

namespace bs = blackswan;

// The swans' tokens, in Tile order: a prime on the identity's letter; events E to E'''.
const char* const swan_tokens[bs::TILE_KINDS] = {"P'", "N'", "B'",  "R'",  "Q'",
                                                 "E",  "E'", "E''", "E'''"};
const char* const swan_names[bs::TILE_KINDS] = {"swan pawn",           "swan knight",
                                                "swan bishop",         "swan rook",
                                                "swan queen",          "swan event 2 with pawns",
                                                "swan event 2 pieces", "swan event 3 with pawns",
                                                "swan event 3 pieces"};

Bitboard ranks(const Geometry& g, std::initializer_list<int> list) {
    Bitboard b = 0;
    for (int r : list)
        for (int f = 0; f < g.width(); ++f) b |= square_bb(g.at(f, r));
    return b;
}

// The swans of a side on its own first two ranks (where every starting square is).
Bitboard home_swans(const Position& pos, Color c) {
    const Game& game = pos.game();
    const Bitboard home = ranks(pos.geometry(), c == WHITE ? std::initializer_list<int>{0, 1}
                                                           : std::initializer_list<int>{6, 7});
    Bitboard swans = 0;
    for (int t = game.chance.first_hidden; t < static_cast<int>(game.men.types.size()); ++t)
        swans |= pos.pieces(c, t);
    return swans & home;
}

bs::Composition game_composition(const Game& game) {
    return bs::parse_composition(game.options.at("composition"));
}

std::array<std::array<uint8_t, TILE_KINDS_MAX>, COLOR_NB> as_unseen(const bs::Composition& white,
                                                                    const bs::Composition& black) {
    std::array<std::array<uint8_t, TILE_KINDS_MAX>, COLOR_NB> unseen{};
    for (int k = 0; k < bs::TILE_KINDS; ++k) {
        unseen[WHITE][static_cast<size_t>(k)] = static_cast<uint8_t>(white[k]);
        unseen[BLACK][static_cast<size_t>(k)] = static_cast<uint8_t>(black[k]);
    }
    return unseen;
}

// FEN field 10: each side's unseen tiles, nine counts as in the composition option, White's
// then Black's after ':' (default, and left out when so: the whole composition, as at the
// start). A side's face-down
// swans are among its unseen tiles: the referee's of each kind, a view's in all.
std::array<std::array<uint8_t, TILE_KINDS_MAX>, COLOR_NB> read_unseen(const Position& pos,
                                                                      const std::string& field) {
    const Game& game = pos.game();
    const bs::Composition all = game_composition(game);
    auto unseen = as_unseen(all, all);
    if (!field.empty()) {
        const size_t colon = field.find(':');
        const auto white = bs::read_counts(field.substr(0, colon));
        const auto black =
            colon == std::string::npos ? std::nullopt : bs::read_counts(field.substr(colon + 1));
        if (!white || !black)
            throw Error(ErrorKind::Fen, "unseen",
                        "FEN unseen-tiles field " + quoted(field) +
                            " must be White's and Black's nine counts P/N/B/R/Q/2+/2-/3+/3- "
                            "separated by ':'");
        for (int k = 0; k < bs::TILE_KINDS; ++k)
            if ((*white)[k] > all[k] || (*black)[k] > all[k])
                throw Error(ErrorKind::Fen, "unseen",
                            "FEN unseen-tiles field " + quoted(field) +
                                " counts more tiles of a kind than the composition " +
                                quoted(bs::composition_text(all)) + " has");
        unseen = as_unseen(*white, *black);
    }
    for (Color c : {WHITE, BLACK}) {
        int total = 0;
        for (int k = 0; k < bs::TILE_KINDS; ++k) total += unseen[c][static_cast<size_t>(k)];
        int face_down = 0;
        for (int t = game.chance.first_hidden; t < static_cast<int>(game.men.types.size()); ++t) {
            const int here = popcount(pos.pieces(c, t));
            face_down += here;
            const int tile = t - game.chance.first_hidden;
            if (game.chance.identity[static_cast<size_t>(tile)] != UNKNOWN_IDENTITY &&
                here > unseen[c][static_cast<size_t>(tile)])
                throw Error(ErrorKind::Fen, "unseen",
                            "FEN board has more face-down " +
                                game.men.types[static_cast<size_t>(t)].name +
                                "s than the unseen-tiles field counts");
        }
        if (face_down > total)
            throw Error(ErrorKind::Fen, "unseen",
                        "FEN board has more face-down swans than the unseen-tiles field counts");
    }
    return unseen;
}

// FEN field 7: the swans on their own first two ranks that have left their starting square
// ("-" for none); every other swan there is on its starting square.
void read_swan_fields(Position& pos, const std::vector<std::string>& extra, Bitboard& unmoved) {
    Bitboard moved = 0;
    const std::string field = extra.empty() ? "-" : extra[0];
    if (field != "-")
        for (size_t at = 0; at < field.size(); at += 2) {
            const Square s = pos.geometry().find(field.substr(at, 2));
            if (s == SQ_NONE || !has(home_swans(pos, WHITE) | home_swans(pos, BLACK), s))
                throw Error(ErrorKind::Fen, "moved swans",
                            "FEN moved-swans field " + quoted(field) +
                                " names a cell without a swan on its first two ranks");
            moved |= square_bb(s);
        }
    for (Color c : {WHITE, BLACK}) {
        const Bitboard swans = home_swans(pos, c);
        // A swan on the first rank cannot have moved (swans only move forward).
        if (moved & swans & ranks(pos.geometry(), {c == WHITE ? 0 : 7}))
            throw Error(ErrorKind::Fen, "moved swans",
                        "FEN moved-swans field names a swan on its own first rank");
        unmoved |= swans & ~moved;
    }
    // Fields 8 and 9: the number of events drawn so far (with "/" and the number of
    // promotions, when there were any), and the pieces of the last one that the side to move
    // still owes placing, with the swan's cell ("NB@d3") or the promotion's ("NB=d8"), and "?"
    // after the cell while the owner has yet to choose which drawn piece stays there; "-".
    ChanceState chance;
    const std::string counts = extra.size() > 1 ? extra[1] : "0";
    const size_t slash = counts.find('/');
    auto count = [&](const std::string& text) {
        if (text.empty() || text.size() > 3 ||
            text.find_first_not_of("0123456789") != std::string::npos || std::stoi(text) > 255)
            throw Error(ErrorKind::Fen, "events",
                        "FEN draws field must be a number of events from 0 to 255, and "
                        "optionally '/' and a number of promotions, not " +
                            quoted(counts));
        return static_cast<uint8_t>(std::stoi(text));
    };
    chance.events = count(counts.substr(0, slash));
    if (slash != std::string::npos) chance.promotions = count(counts.substr(slash + 1));
    const std::string written = extra.size() > 2 ? extra[2] : "-";
    chance.choosing = written.size() > 1 && written.back() == '?';
    const std::string owed = chance.choosing ? written.substr(0, written.size() - 1) : written;
    if (written != "-") {
        size_t at_sign = owed.find('@');
        if (at_sign == std::string::npos) {
            at_sign = owed.find('=');
            chance.anywhere = at_sign != std::string::npos;
        }
        const Square origin =
            at_sign == std::string::npos ? SQ_NONE : pos.geometry().find(owed.substr(at_sign + 1));
        std::vector<int> types;
        for (size_t at = 0; at < at_sign && origin != SQ_NONE;) {
            const Piece p = pos.game().read_token(owed, at);
            if (p == NO_PIECE || color_of(p) != WHITE || type_of(p) > pos.game().men.queen) {
                types.clear();
                break;
            }
            types.push_back(type_of(p));
        }
        const Piece there = origin == SQ_NONE ? NO_PIECE : pos.piece_on(origin);
        if (origin == SQ_NONE || types.empty() || types.size() > 2 || there == NO_PIECE ||
            color_of(there) != pos.side_to_move())
            throw Error(ErrorKind::Fen, "owed",
                        "FEN owed-pieces field " + quoted(written) +
                            " must be one or two of P N B R Q, '@' and the cell of a man of the "
                            "side to move, then '?' while the stay is still chosen, or '-'");
        // A choice needs another type than the one standing there, and one of those drawn.
        if (chance.choosing &&
            (type_of(there) > pos.game().men.queen ||
             std::all_of(types.begin(), types.end(), [&](int t) { return t == type_of(there); })))
            throw Error(ErrorKind::Fen, "owed",
                        "FEN owed-pieces field " + quoted(written) +
                            " leaves no choice of the piece that stays on " +
                            pos.geometry().name(origin) +
                            " (a drawn piece must stand there, and another type be owed)");
        std::sort(types.begin(), types.end());
        chance.owed = static_cast<uint8_t>(types.size());
        for (size_t i = 0; i < types.size(); ++i) chance.types[i] = static_cast<int8_t>(types[i]);
        chance.origin = static_cast<int8_t>(origin);
        pos.root_state().pending = PLACING;
    }
    chance.unseen = read_unseen(pos, extra.size() > 3 ? extra[3] : "");
    pos.root_state().chance = chance;
}

std::string write_swan_fields(const Position& pos) {
    std::string field;
    for (Color c : {WHITE, BLACK})
        for (Bitboard b = home_swans(pos, c) & ~pos.state().unmoved; b;)
            field += pos.geometry().name(pop_lsb(b));
    const ChanceState& c = pos.state().chance;
    std::string owed;
    for (int i = 0; i < c.owed; ++i) owed += pos.game().token(c.types[i]);
    if (c.owed)
        owed += (c.anywhere ? "=" : "@") + pos.geometry().name(c.origin) + (c.choosing ? "?" : "");
    const std::string counts =
        std::to_string(c.events) + (c.promotions ? "/" + std::to_string(c.promotions) : "");
    std::string unseen;
    for (Color side : {WHITE, BLACK}) {
        bs::Composition left{};
        for (int k = 0; k < bs::TILE_KINDS; ++k) left[k] = c.unseen[side][static_cast<size_t>(k)];
        unseen += (side == WHITE ? "" : ":") + bs::composition_text(left);
    }
    const bs::Composition all = game_composition(pos.game());
    const bool none_seen = c.unseen == as_unseen(all, all);
    return " " + (field.empty() ? std::string("-") : field) + " " + counts + " " +
           (owed.empty() ? std::string("-") : owed) + (none_seen ? "" : " " + unseen);
}

}  // namespace

std::shared_ptr<const Game> make_blackswan(const Options& options) {
    Seed seed{};
    bs::Composition composition = bs::default_composition;
    bool player = false;
    for (const auto& [key, value] : options) {
        if (key == "seed") {
            const auto parsed = seed_from_text(value);
            if (!parsed)
                throw Error(ErrorKind::Option, "seed",
                            "option seed must be 64 hexadecimal digits or a whole number from 0 "
                            "to 18446744073709551615, not " +
                                quoted(value));
            seed = *parsed;
        } else if (key == "composition") {
            composition = bs::parse_composition(value);
        } else if (key == "view") {
            if (value != "referee" && value != "player")
                throw Error(ErrorKind::Option, "view",
                            "option view must be referee or player, not " + quoted(value));
            player = value == "player";
        } else {
            throw Error(ErrorKind::Option, key,
                        "unknown option " + quoted(key) +
                            " for blackswan (options: seed, composition, view)");
        }
    }
    if (player && options.count("seed"))
        throw Error(ErrorKind::Option, "seed", "a player's view of blackswan has no seed");
    if (!player && !options.count("seed")) seed = random_seed();

    auto game = orthodox_game("blackswan", "Black Swan");
    game->rules.castling = {};
    // A promotion is one move; the pieces are drawn (the type is the queen's, never written).
    game->men.promotions = {4};
    const Geometry& g = game->geometry;
    game->zones.double_step = {ranks(g, {0, 1}), ranks(g, {6, 7})};
    // Swans are turned over on the ranks where events' pieces go.
    ChanceRules& chance = game->chance;
    chance.reveal_zone = {bs::event_zone(g, false), bs::event_zone(g, true)};
    chance.first_hidden = static_cast<int>(game->men.types.size());
    chance.decode = bs::decode_outcome;
    chance.encode = bs::encode_outcome;
    chance.tile_names = {"P", "N", "B", "R", "Q", "2+", "2-", "3+", "3-"};
    if (player) {
        // A player's view: one swan type, whose identity nobody at the table knows.
        PieceType swan = make_piece("pawn");
        swan.pawn = false;
        swan.name = "swan";
        swan.token = "S";
        game->men.types.push_back(swan);
        chance.identity = {UNKNOWN_IDENTITY};
        game->options = {{"composition", bs::composition_text(composition)}, {"view", "player"}};
    } else {
        for (int kind = 0; kind < bs::TILE_KINDS; ++kind) {
            PieceType swan = make_piece("pawn");
            swan.pawn = false;
            swan.name = swan_names[kind];
            swan.token = swan_tokens[kind];
            game->men.types.push_back(swan);
            chance.identity.push_back(kind < 5 ? kind : -1);  // tiles P N B R Q = types 0-4
        }
        // The seed is the referee's (blackswan::announce draws from it); the rules never read it.
        game->options = {{"seed", to_hex(seed)},
                         {"composition", bs::composition_text(composition)}};
    }
    game->fen_extension = {4, read_swan_fields, write_swan_fields};
    game->start.build_start = [seed, composition, player](Position& pos) {
        const Game& gm = pos.game();
        const Geometry& geo = pos.geometry();
        Bitboard unmoved = 0;
        for (Color c : {WHITE, BLACK}) {
            const bool black = c == BLACK;
            pos.put(geo.at(4, black ? 7 : 0), make_piece_code(c, gm.men.king));
            const auto tiles = player ? std::vector<bs::Tile>(bs::ON_BOARD)
                                      : bs::draw_arrangement(seed, black, composition);
            const auto cells = bs::starting_squares(geo, black);
            for (size_t i = 0; i < cells.size(); ++i) {
                pos.put(cells[i],
                        make_piece_code(c, gm.chance.first_hidden + static_cast<int>(tiles[i])));
                unmoved |= square_bb(cells[i]);
            }
        }
        pos.set_unmoved(unmoved);
        pos.root_state().chance.unseen = as_unseen(composition, composition);
    };
    game->freeze();
    return game;
}

}  // namespace menagerie
