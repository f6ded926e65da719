#include "games/games.h"

#include "core/error.h"
#include "games/blackswan.h"
#include "games/chess2016.h"

namespace menagerie {

namespace {

Bitboard rank_bb(const Geometry& g, int rank) {
    Bitboard b = 0;
    for (Square s = 0; s < g.size(); ++s)
        if (g.cell(s).rank == rank) b |= square_bb(s);
    return b;
}

}  // namespace

std::shared_ptr<Game> orthodox_game(const std::string& name, const std::string& title) {
    auto game = std::make_shared<Game>();
    game->name = name;
    game->title = title;
    game->geometry = Geometry::rectangle(8, 8);
    for (const char* piece : {"pawn", "knight", "bishop", "rook", "queen", "king"})
        game->men.types.push_back(make_piece(piece));
    const Geometry& g = game->geometry;
    game->zones.back_rank = {rank_bb(g, 0), rank_bb(g, 7)};
    game->zones.double_step = {rank_bb(g, 1), rank_bb(g, 6)};
    game->zones.promotion = {rank_bb(g, 7), rank_bb(g, 0)};
    game->men.promotions = {1, 2, 3, 4};  // knight, bishop, rook, queen
    game->rules.orthodox_material = true;
    CastlingRules& c = game->rules.castling;
    c.enabled = true;
    for (Color side : {WHITE, BLACK}) {
        const int rank = side == WHITE ? 0 : 7;
        c.king_to[side] = {g.at(6, rank), g.at(2, rank)};
        c.rook_to[side] = {g.at(5, rank), g.at(3, rank)};
    }
    return game;
}

void apply_options(Game& game, const Options& given) {
    for (const auto& [key, value] : given) {
        const GameOption* option = nullptr;
        for (const GameOption& o : game.option_list)
            if (o.name == key) option = &o;
        if (!option) {
            std::string known;
            for (const GameOption& o : game.option_list)
                known += (known.empty() ? "" : ", ") + o.name;
            throw Error(ErrorKind::Option, key,
                        "unknown option " + quoted(key) + " for " + game.name +
                            (known.empty() ? " (it has no options)" : " (options: " + known + ")"));
        }
        bool ok = false;
        std::string values;
        for (const std::string& v : option->values)
            ok |= v == value, values += (values.empty() ? "" : "|") + v;
        if (!ok)
            throw Error(ErrorKind::Option, key,
                        "option " + key + " must be " + values + ", not " + quoted(value));
    }
    for (const GameOption& o : game.option_list) {
        const auto it = given.find(o.name);
        game.options[o.name] = it == given.end() ? o.values.front() : it->second;
    }
}

void put_array(Position& pos, const std::string& white, BlackArray black) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    for (int f = 0; f < 8; ++f) {
        size_t at = static_cast<size_t>(f);
        const Piece p = game.read_token(white, at);
        const int type = type_of(p);
        pos.put(g.at(f, 0), make_piece_code(WHITE, type));
        pos.put(g.at(black == BlackArray::Mirrored ? f : 7 - f, 7), make_piece_code(BLACK, type));
        pos.put(g.at(f, 1), make_piece_code(WHITE, game.men.pawn));
        pos.put(g.at(f, 6), make_piece_code(BLACK, game.men.pawn));
    }
}

void give_castling_rights(Position& pos) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    Bitboard unmoved = pos.state().unmoved;
    for (Color c : {WHITE, BLACK}) {
        const Square king = pos.king_square(c);
        const int kfile = g.cell(king).file;
        for (Bitboard rooks = pos.pieces(c, game.men.rook) & game.zones.back_rank[c]; rooks;) {
            const Square r = pop_lsb(rooks);
            const CastlingSide side = g.cell(r).file > kfile ? KING_SIDE : QUEEN_SIDE;
            const Square old = pos.castling_rook(c, side);
            const bool outer =
                old == SQ_NONE || (side == KING_SIDE ? g.cell(r).file > g.cell(old).file
                                                     : g.cell(r).file < g.cell(old).file);
            if (outer) pos.set_castling_rook(c, side, r);
        }
        for (CastlingSide side : {KING_SIDE, QUEEN_SIDE})
            if (pos.castling_rook(c, side) != SQ_NONE)
                unmoved |= square_bb(pos.castling_rook(c, side)) | square_bb(king);
    }
    pos.set_unmoved(unmoved);
}

std::vector<std::string> game_names() {
    return {"chess",   "placement", "placement-reduced", "chess20",  "contemporary",
            "chess56", "chess2016", "chess66",           "blackswan"};
}

std::shared_ptr<const Game> make_game(const std::string& name, const Options& options) {
    if (name == "chess") return make_chess(options);
    if (name == "placement" || name == "placement-reduced" || name == "chess20")
        return make_placement(name, options);
    if (name == "contemporary") return make_contemporary(options);
    if (name == "chess56" || name == "chess2016") return make_dice_game(name, options);
    if (name == "chess66") return make_chess66(options);
    // The referee's game, or a player's view with option view=player (docs/rules/blackswan.md).
    if (name == "blackswan") return make_blackswan(options);
    std::string known;
    for (const std::string& n : game_names()) known += (known.empty() ? "" : ", ") + n;
    throw Error(ErrorKind::Option, "variant",
                "unknown variant " + quoted(name) + " (variants: " + known + ")");
}

}  // namespace menagerie
