// The setup atlas as a table (docs/atlas.md): one row per start setup of a game, written as CSV
// with a header by `menagerie atlas`, joined by `atlas merge`, and read by the server. No field
// ever holds a comma, a quote or a line break (setup names, FEN, UCI and SAN have none), so a
// row is its fields joined by commas, and a field that would break that is refused.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace menagerie {

struct AtlasRow {
    std::string variant;
    int index = 0;  // the row's place in the atlas of this run, 0 to of - 1
    int of = 0;     // rows in the whole atlas of this run
    std::string setup;
    std::string options;  // the game options the row's position was built with: a=b;c=d
    std::string fen;
    std::string limit;  // the search's limit: nodes=N or depth=D
    int depth = 0;      // the depth the search completed
    int score_cp = 0;   // White's view; a mate counts as +/-10000
    int mate = 0;       // White's view: +n White mates in n moves, -n Black does; 0 none found
    std::string best_uci, best_san;
    std::string pv;        // the line in SAN, space-separated
    int mating_moves = 0;  // White's first moves that mate at once
    int forced_mate = 0;   // exact, to three plies: +1/+2 White mates in 1/2, -1 Black mates in 1
    int games = 0;         // self-play games from the setup, and their results
    int white_wins = 0, draws = 0, black_wins = 0;
};

constexpr int ATLAS_MATE_SCORE = 10000;

// The options column: name=value pairs joined by ';' (empty: none), and back. Reading throws
// Error naming the pair that is not name=value or a name given twice.
std::string write_atlas_options(const std::map<std::string, std::string>& options);
std::map<std::string, std::string> read_atlas_options(const std::string& text);

// The header line (without its line break).
const std::string& atlas_header();
// One row as a line (without its line break). Throws Error if a field holds a comma, a quote or
// a line break.
std::string write_atlas_row(const AtlasRow& row);
// One line as a row; throws Error naming the column that is wrong.
AtlasRow read_atlas_row(const std::string& line);

struct AtlasTable {
    std::vector<AtlasRow> rows;  // in file order
    // A last line without its line break (a run interrupted while writing): dropped, and its
    // length here, so that a resumed run can cut it off.
    std::size_t torn_bytes = 0;
};
// A whole file's text: the header, then rows. Throws Error naming the line that is wrong; an
// empty text is an empty table.
AtlasTable read_atlas_table(const std::string& text);

}  // namespace menagerie
