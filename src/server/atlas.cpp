#include "server/atlas.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "core/error.h"
#include "core/setup.h"
#include "embedded/embedded.h"
#include "games/games.h"
#include "notation/fen.h"
#include "server/api_error.h"
#include "server/catalogue.h"
#include "server/refereed.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

json optional_number(int v) { return v ? json(v) : json(nullptr); }

json row_json(const AtlasRow& r) {
    json options = json::object();
    for (const auto& [name, value] : read_atlas_options(r.options)) options[name] = value;
    return {{"variant", r.variant},
            {"index", r.index},
            {"of", r.of},
            {"setup", r.setup},
            {"options", options},
            {"fen", r.fen},
            {"limit", r.limit},
            {"depth", r.depth},
            {"score_cp", r.score_cp},
            {"mate", optional_number(r.mate)},
            {"best_uci", r.best_uci},
            {"best_san", r.best_san},
            {"pv", r.pv},
            {"mating_moves", r.mating_moves},
            {"forced_mate", optional_number(r.forced_mate)},
            {"games", r.games},
            {"white_wins", r.white_wins},
            {"draws", r.draws},
            {"black_wins", r.black_wins}};
}

// The search limit of a whole atlas: the rows' one, or each different one in order.
std::string common_limit(const std::vector<AtlasRow>& rows) {
    std::vector<std::string> seen;
    for (const AtlasRow& r : rows)
        if (std::find(seen.begin(), seen.end(), r.limit) == seen.end()) seen.push_back(r.limit);
    std::string out;
    for (const std::string& s : seen) out += (out.empty() ? "" : ", ") + s;
    return out;
}

std::string setup_identifier(const Game& game, const Setup& s) {
    return game.start.setup_id ? s.name : std::to_string(s.number);
}

}  // namespace

Atlas::Atlas(const std::map<std::string, std::string>& csv_by_variant, const std::string& source) {
    const std::vector<std::string> served = served_game_names();
    for (const auto& [variant, text] : csv_by_variant) {
        const std::string where = source + "/" + variant + ".csv";
        try {
            if (std::find(served.begin(), served.end(), variant) == served.end())
                throw Error(ErrorKind::File, "variant",
                            menagerie::quoted(variant) + " is not a game the server offers");
            const std::shared_ptr<const Game> game = make_game(variant);
            if (is_refereed(*game) || game->start.setups.size() < 2)
                throw Error(ErrorKind::File, "variant", variant + " has no setups to weigh");
            AtlasTable table = read_atlas_table(text);
            if (table.torn_bytes)
                throw Error(ErrorKind::File, "row", "the last line has no line break");
            if (table.rows.empty()) throw Error(ErrorKind::File, "row", "it has no rows");
            // The spelling `menagerie setups` lists, which clients send back as `setup`.
            std::unordered_map<std::string, int> numbers;
            for (const Setup& s : game->start.setups)
                numbers[setup_identifier(*game, s)] = s.number;
            std::set<std::string> option_texts_known;
            std::set<std::pair<std::string, std::string>> seen;
            Table t;
            for (size_t i = 0; i < table.rows.size(); ++i) {
                const AtlasRow& r = table.rows[i];
                const std::string line = "line " + std::to_string(i + 2) + ": ";
                try {
                    if (r.variant != variant)
                        throw Error(ErrorKind::File, "variant",
                                    "a row of " + menagerie::quoted(r.variant));
                    const auto n = numbers.find(r.setup);
                    if (n == numbers.end())
                        throw Error(ErrorKind::File, "setup",
                                    "column setup: " + menagerie::quoted(r.setup) +
                                        " is not a setup as `menagerie setups` lists them");
                    if (option_texts_known.insert(r.options).second)
                        make_game(variant,
                                  read_atlas_options(r.options));  // throws on a bad option
                    if (!seen.emplace(r.setup, r.options).second)
                        throw Error(ErrorKind::File, "setup",
                                    "setup " + r.setup + " with options " +
                                        menagerie::quoted(r.options) + " appears twice");
                    t.numbers.push_back(n->second);
                } catch (const Error& e) {
                    throw Error(ErrorKind::File, e.field(), line + e.what());
                }
            }
            json rows = json::array();
            for (const AtlasRow& r : table.rows) rows.push_back(row_json(r));
            t.title = game->title;
            t.limit = common_limit(table.rows);
            t.json = json{{"variant", variant},
                          {"title", t.title},
                          {"limit", t.limit},
                          {"count", table.rows.size()},
                          {"rows", std::move(rows)}}
                         .dump();
            t.rows = std::move(table.rows);
            tables_.emplace(variant, std::move(t));
        } catch (const Error& e) {
            throw std::runtime_error("the setup atlas's file " + where + ": " + e.what());
        }
    }
}

std::shared_ptr<const Atlas> Atlas::embedded() {
    static const std::shared_ptr<const Atlas> atlas = [] {
        std::map<std::string, std::string> texts;
        for (const embedded::File& f : embedded::files()) {
            const std::string name = f.name;
            if (name.starts_with("atlas/") && name.ends_with(".csv"))
                texts[name.substr(6, name.size() - 10)] = std::string(f.text());
        }
        // Named by their folder in the source tree, as the build names them.
        return std::make_shared<const Atlas>(texts, "atlas");
    }();
    return atlas;
}

std::shared_ptr<const Atlas> Atlas::from_folder(const std::string& folder) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw std::runtime_error("the setup atlas " + menagerie::quoted(folder) +
                                 " is not a folder");
    std::map<std::string, std::string> texts;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
        if (entry.path().extension() != ".csv") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        if (!in)
            throw std::runtime_error("the setup atlas: cannot read " +
                                     menagerie::quoted(entry.path().string()));
        std::ostringstream text;
        text << in.rdbuf();
        texts[entry.path().stem().string()] = text.str();
    }
    if (ec)
        throw std::runtime_error("the setup atlas: cannot list " + menagerie::quoted(folder) +
                                 ": " + ec.message());
    return std::make_shared<const Atlas>(texts, folder);
}

std::vector<std::string> Atlas::variants() const {
    std::vector<std::string> out;
    for (const auto& [name, table] : tables_) out.push_back(name);
    return out;
}

const std::vector<AtlasRow>& Atlas::rows(const std::string& variant) const {
    static const std::vector<AtlasRow> none;
    const auto it = tables_.find(variant);
    return it == tables_.end() ? none : it->second.rows;
}

const Atlas::Table& Atlas::table(const std::string& variant) const {
    const auto it = tables_.find(variant);
    if (it == tables_.end()) {
        std::string list;
        for (const auto& [name, t] : tables_) list += (list.empty() ? "" : ", ") + name;
        throw ApiError(404, "there is no setup atlas of " + menagerie::quoted(variant) +
                                " (games with one: " + (list.empty() ? "none" : list) + ")");
    }
    return it->second;
}

const std::string& Atlas::json_text(const std::string& variant) const {
    return table(variant).json;
}

std::string Atlas::setup_json(const std::string& variant, const Query& query) const {
    const Table& t = table(variant);
    Query game_query = query;
    game_query["variant"] = variant;
    const std::shared_ptr<const Game> game = game_of_query(game_query);
    const auto given = query.find("setup");
    if (given == query.end()) throw ApiError(400, "the query needs setup=ID");
    const std::string& setup = given->second;
    int number = 0;
    std::string fen;
    try {
        number = game->find_setup(setup).number;
        fen = write_fen(setup_position(game, number));
    } catch (const Error& e) {
        throw ApiError(400, e.what());
    }
    json rows = json::array();
    for (size_t i = 0; i < t.rows.size(); ++i)
        if (t.numbers[i] == number && t.rows[i].fen == fen) rows.push_back(row_json(t.rows[i]));
    return json{{"variant", game->name},
                {"title", t.title},
                {"limit", t.limit},
                {"count", t.rows.size()},
                {"setup", setup_identifier(*game, game->start.setups[static_cast<size_t>(number)])},
                {"fen", fen},
                {"rows", std::move(rows)}}
        .dump();
}

bool Atlas::in_band(const AtlasRow& row, int band) {
    return std::abs(row.score_cp) <= band && row.mating_moves == 0 && std::abs(row.mate) != 1 &&
           std::abs(row.forced_mate) != 1;
}

int Atlas::draw_balanced(const std::shared_ptr<const Game>& game, int band,
                         std::mt19937_64& rng) const {
    const auto it = tables_.find(game->name);
    if (it == tables_.end())
        throw ApiError(400, game->name + " has no setup atlas, so \"balance\" cannot be used");
    const Table& t = it->second;
    // The FENs of each setup's rows in band: a drawn setup is kept when the start the request's
    // options build is one of them (with knight-camel-swap=always, say, the swapped row's).
    std::unordered_map<int, std::vector<const std::string*>> candidates;
    for (size_t i = 0; i < t.rows.size(); ++i)
        if (in_band(t.rows[i], band)) candidates[t.numbers[i]].push_back(&t.rows[i].fen);
    const std::string within = "within " + std::to_string(band) + " centipawns of equality";
    if (candidates.empty())
        throw ApiError(400, "no setup in the atlas of " + game->name + " is " + within +
                                " without a mate in one: widen \"balance\"");
    std::unordered_map<int, bool> decided;  // setup number: whether its start is in band
    auto start_in_band = [&](int n, const std::vector<const std::string*>& fens) {
        auto [d, fresh] = decided.emplace(n, false);
        if (fresh) {
            const std::string fen = write_fen(setup_position(game, n));
            d->second = std::any_of(fens.begin(), fens.end(),
                                    [&](const std::string* f) { return *f == fen; });
        }
        return d->second;
    };
    for (int tries = 0; tries < MAX_DRAWS; ++tries) {
        const int n = draw_setup_number(*game, rng);
        const auto c = candidates.find(n);
        if (c != candidates.end() && start_in_band(n, c->second)) return n;
    }
    // Two failures said apart: the rows in band describe the starts of other options
    // (knight-camel-swap=always, say), or the setups they describe are too rarely drawn.
    const bool any = std::any_of(candidates.begin(), candidates.end(),
                                 [&](const auto& c) { return start_in_band(c.first, c.second); });
    if (!any) {
        std::set<std::string> others;
        for (const AtlasRow& r : t.rows)
            if (in_band(r, band)) others.insert(r.options.empty() ? "none" : r.options);
        std::string list;
        for (const std::string& o : others) list += (list.empty() ? "" : "; ") + o;
        throw ApiError(400, "no start of " + game->name + " with these options is " + within +
                                " in the atlas (its rows in band are for the options: " + list +
                                ")");
    }
    throw ApiError(400, "no setup of " + game->name + " " + within + " was drawn in " +
                            std::to_string(MAX_DRAWS) + " tries: widen \"balance\"");
}

}  // namespace menagerie::server
