// The setup atlas the server serves: per game with setups, one row per start setup (and per
// option that changes its position) saying how balanced the start is (notation/atlas_table.h).
// It comes from the files built into the program (atlas/VARIANT.csv) or from a folder given to
// `menagerie serve --atlas`; both are checked when they are loaded, so a request never meets a
// malformed row.
#pragma once

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "notation/atlas_table.h"

namespace menagerie::server {

class Atlas {
  public:
    // The atlas built into the program, loaded on first use.
    static std::shared_ptr<const Atlas> embedded();
    // Every VARIANT.csv of `folder`; throws std::runtime_error naming the file that is wrong.
    static std::shared_ptr<const Atlas> from_folder(const std::string& folder);
    // Each text (CSV with its header) under the name of its game; `source` names where the texts
    // came from in errors. Throws std::runtime_error naming the game, line and column that is
    // wrong: an unknown game or option, a setup not spelled as `menagerie setups` lists it, a row
    // of another game, a setup and options given twice, a torn last line, no rows.
    Atlas(const std::map<std::string, std::string>& csv_by_variant, const std::string& source);

    bool has(const std::string& variant) const { return tables_.count(variant) != 0; }
    std::vector<std::string> variants() const;
    const std::vector<AtlasRow>& rows(const std::string& variant) const;

    // GET /api/atlas/VARIANT's body (made once): ApiError 404 for a game without an atlas.
    const std::string& json_text(const std::string& variant) const;
    // The body for one setup (GET /api/atlas/VARIANT?setup=ID&opt.NAME=VALUE...): the same
    // fields, with "setup" (as listed) and "fen" of the start the game with those options builds
    // for it, and in "rows" the row of that start, or none. ApiError 404 without an atlas, 400
    // for an option or a setup the game does not have.
    std::string setup_json(const std::string& variant,
                           const std::map<std::string, std::string>& query) const;

    // Whether a row may be drawn for a balance band of `band` centipawns: its score within the
    // band and no mate in one for either side.
    static bool in_band(const AtlasRow& row, int band);
    // A setup number of `game`, drawn as the game draws its setups (dice weigh theirs), among
    // those whose start (as `game`, with its options, builds it) has a row in band: rejection
    // sampling, so the setups keep their relative weights. Throws ApiError 400 when the game has
    // no atlas, when no row is in band, or when no draw lands in band within a bound of tries
    // (the options give starts the atlas holds no row in band for).
    int draw_balanced(const std::shared_ptr<const Game>& game, int band,
                      std::mt19937_64& rng) const;
    static constexpr int MAX_DRAWS = 20'000;

  private:
    struct Table {
        std::vector<AtlasRow> rows;
        std::vector<int> numbers;  // each row's setup number
        std::string title, limit;
        std::string json;
    };
    const Table& table(const std::string& variant) const;  // ApiError 404 for none
    std::map<std::string, Table> tables_;
};

}  // namespace menagerie::server
