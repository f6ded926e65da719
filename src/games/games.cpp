#include "games/games.h"

#include <random>

#include "core/error.h"
#include "core/position.h"
#include "notation/fen.h"

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
        game->types.push_back(make_piece(piece));
    const Geometry& g = game->geometry;
    game->back_rank = {rank_bb(g, 0), rank_bb(g, 7)};
    game->double_step_zone = {rank_bb(g, 1), rank_bb(g, 6)};
    game->promotion_zone = {rank_bb(g, 7), rank_bb(g, 0)};
    game->promotion_types = {1, 2, 3, 4};  // knight, bishop, rook, queen
    game->orthodox_material = true;
    CastlingRules& c = game->castling;
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
            throw Error("unknown option '" + key + "' for " + game.name +
                        (known.empty() ? " (it has no options)" : " (options: " + known + ")"));
        }
        bool ok = false;
        std::string values;
        for (const std::string& v : option->values)
            ok |= v == value, values += (values.empty() ? "" : "|") + v;
        if (!ok) throw Error("option " + key + " must be " + values + ", not '" + value + "'");
    }
    for (const GameOption& o : game.option_list) {
        const auto it = given.find(o.name);
        game.options[o.name] = it == given.end() ? o.values.front() : it->second;
    }
}

Position start_position(const std::shared_ptr<const Game>& game,
                        const std::optional<std::string>& setup, std::optional<uint64_t> seed) {
    if (setup) return parse_fen(game, game->find_setup(*setup).fen);
    if (!game->random_start) return parse_fen(game, game->start_fen);
    std::mt19937_64 rng(seed ? *seed : std::random_device{}());
    std::uniform_int_distribution<size_t> pick(0, game->setups.size() - 1);
    return parse_fen(game, game->setups[pick(rng)].fen);
}

std::vector<std::string> game_names() {
    return {"chess", "placement", "placement-reduced", "chess20", "contemporary"};
}

std::shared_ptr<const Game> make_game(const std::string& name, const Options& options) {
    if (name == "chess") return make_chess(options);
    if (name == "placement" || name == "placement-reduced" || name == "chess20")
        return make_placement(name, options);
    if (name == "contemporary") return make_contemporary(options);
    std::string known;
    for (const std::string& n : game_names()) known += (known.empty() ? "" : ", ") + n;
    throw Error("unknown variant '" + name + "' (variants: " + known + ")");
}

}  // namespace menagerie
