// PGN with the tags Variant, VariantOptions (the game's options, name=value separated by
// spaces), SetUp and FEN. Movetext is SAN; coordinate moves are read too.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie {

struct PgnGame {
    std::map<std::string, std::string> tags;
    std::string start_fen;
    std::vector<Move> moves;
    std::vector<std::string> san;
};

// Writes the game that plays `moves` (UCI or SAN) from `start`.
std::string write_pgn(const Position& start, const std::vector<std::string>& moves,
                      const std::map<std::string, std::string>& extra_tags = {});
// Reads one game; throws Error naming the tag, token or move that is wrong.
PgnGame parse_pgn(const std::string& text);
// The position at the end of the game in a PGN file.
Position read_pgn_file(const std::string& path);
Position final_position(const PgnGame& game);

}  // namespace menagerie
