#include "server/catalogue.h"

#include <cctype>
#include <random>

#include "core/error.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "games/chess2016.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/geometry_json.h"
#include "server/api_error.h"
#include "server/piece_descriptions.h"

namespace menagerie::server {

using nlohmann::json;

// The games the server offers: every listed game. A game with hidden identities (Black Swan) is
// refereed: its seats are shown only the player's view (refereed.h, game_view.cpp).
std::vector<std::string> served_game_names() { return game_names(); }

std::shared_ptr<const Game> game_named(const std::string& variant, const Options& options) {
    const std::vector<std::string> names = served_game_names();
    if (std::find(names.begin(), names.end(), variant) == names.end()) {
        std::string list;
        for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
        throw ApiError(
            400, "unknown variant " + menagerie::quoted(variant) + " (variants: " + list + ")");
    }
    try {
        return make_game(variant, options);
    } catch (const Error& e) {
        throw ApiError(400, e.what());
    }
}

std::shared_ptr<const Game> game_of_query(const Query& query) {
    const auto v = query.find("variant");
    if (v == query.end()) throw ApiError(400, "the query needs variant=NAME");
    Options options;
    for (const auto& [key, value] : query)
        if (key.starts_with("opt.")) options[key.substr(4)] = value;
    return game_named(v->second, options);
}

std::string setup_kind(const Game& game) {
    if (game.has_chance()) return "seed";  // the start is the secret seed's
    if (game.start.setup_id) return "dice";
    if (!game.rules.choice_steps.empty()) return "relocation";
    if (game.start.setups.size() > 1 && !game.start.setups[0].name.empty() &&
        !std::isdigit(static_cast<unsigned char>(game.start.setups[0].name[0])))
        return "array";
    if (game.start.random_start) return "random";
    return "number";
}

// Built once: the list never changes while the server runs, and building it builds every game.
const json& variants_json() {
    static const json list = [] {
        json out = json::array();
        const std::vector<std::string> played = engine::played_game_names();
        for (const std::string& name : served_game_names()) {
            const std::shared_ptr<const Game> game = make_game(name);
            json options = json::array();
            for (const GameOption& o : game->option_list)
                options.push_back(
                    {{"name", o.name}, {"values", o.values}, {"default", o.values[0]}});
            out.push_back(
                {{"name", game->name},
                 {"title", game->title},
                 {"options", options},
                 {"setups", {{"count", game->start.setups.size()}, {"kind", setup_kind(*game)}}},
                 {"engine", std::find(played.begin(), played.end(), name) != played.end()}});
        }
        return out;
    }();
    return list;
}

json setups_json(const Game& g, const std::shared_ptr<const Game>& game) {
    json out = json::array();
    for (const Setup& s : g.start.setups) {
        json entry = {{"id", g.start.setup_id ? s.name : std::to_string(s.number)},
                      {"fen", write_fen(setup_position(game, s.number))}};
        if (!s.name.empty()) entry["name"] = s.name;  // the array, where setups have one
        out.push_back(std::move(entry));
    }
    return out;
}

json board_json(const Game& game) {
    json out = json::parse(geometry_json(game.geometry));
    json pieces = json::array();
    for (const PieceType& t : game.men.types)
        pieces.push_back(
            {{"token", t.token}, {"name", t.name}, {"description", piece_description(t.name)}});
    out["pieces"] = pieces;
    return out;
}

json piece_moves_json(const Game& game, const std::string& token, const std::string& cell) {
    int type = -1;
    for (size_t t = 0; t < game.men.types.size(); ++t)
        if (game.men.types[t].token == token) type = static_cast<int>(t);
    if (type < 0)
        throw ApiError(400,
                       "no piece of " + game.name + " has the token " + menagerie::quoted(token));
    const Square from = game.geometry.find(cell);
    if (from == SQ_NONE)
        throw ApiError(400, menagerie::quoted(cell) + " is not a cell of " + game.name);
    const MoveTables& tables = *game.tables;
    const PieceMoves& pm = tables.piece(type, WHITE);
    const Bitboard alone = square_bb(from);
    const MoveTables::Reach reach = tables.reach(pm, from, alone);
    Bitboard quiet = reach.quiet & ~alone, capture = reach.capture & ~alone;
    // A hopper captures only over a screen: show every cell it could take on with one man
    // between, as a legend diagram should.
    if (pm.hop_kinds)
        for (Bitboard line = tables.rides(pm.hop_kinds, from, alone); line;) {
            const Square to = pop_lsb(line);
            if (tables.between(from, to)) capture |= square_bb(to);
        }
    if (pm.has_paths)
        for (const PathEntry& e : pm.paths[from])
            if (e.hop && e.clear) capture |= square_bb(e.square);
    auto names = [&](Bitboard b) {
        json list = json::array();
        while (b) list.push_back(game.geometry.name(pop_lsb(b)));
        return list;
    };
    return {{"quiet", names(quiet)}, {"capture", names(capture)}};
}

json roll_json(const std::shared_ptr<const Game>& game, std::optional<uint64_t> seed,
               const std::optional<std::string>& setup) {
    if (!game->start.setup_id || !game->start.draw_setup)
        throw ApiError(400, game->name + " has no dice to roll");
    std::mt19937_64 rng(seed ? *seed : std::random_device{}());
    int n = 0;
    try {
        // A game's own roll (the game page shows its dice and substitutions), or a new one.
        n = setup ? game->find_setup(*setup).number : game->start.draw_setup(rng);
    } catch (const Error& e) {
        throw ApiError(400, e.what());
    }
    const std::string id = game->start.setups[static_cast<size_t>(n)].name;
    // The identifier spells the roll: W1-2-3, then .G4.R5 where there are coloured dice.
    json dice = json::object();
    for (size_t at = 0; at < id.size();) {
        const size_t end = std::min(id.find('.', at), id.size());
        const std::string part = id.substr(at, end - at);
        json values = json::array();
        for (char c : part)
            if (std::isdigit(static_cast<unsigned char>(c))) values.push_back(c - '0');
        const std::string colour = part[0] == 'W' ? "white" : part[0] == 'G' ? "green" : "red";
        dice[colour] = colour == "white" ? values : values[0];
        at = end + 1;
    }
    json changes = json::array();
    const std::string text = game_substitutions(*game, n);
    if (text != "no substitutions")
        for (size_t at = 0; at < text.size();) {
            const size_t end = std::min(text.find("; ", at), text.size());
            changes.push_back(text.substr(at, end - at));
            at = end + 2;
        }
    return {{"setup", id},
            {"dice", dice},
            {"changes", changes},
            {"fen", write_fen(setup_position(game, n))}};
}

}  // namespace menagerie::server
