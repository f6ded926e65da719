// PGN with the tags Variant, VariantOptions (the game's options, name=value separated by
// spaces), SetUp and FEN. Movetext is SAN; coordinate moves are read too.
#pragma once

#include <functional>
#include <map>
#include <memory>
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
// Builds the game a PGN names in its Variant tag (lower case; "chess" when absent) with the
// options of its VariantOptions tag. The notation layer knows no catalogue: the caller does.
using GameResolver =
    std::function<std::shared_ptr<const Game>(const std::string& name, const Options& options)>;

// Reads one game; throws Error naming the tag, token or move that is wrong.
PgnGame parse_pgn(const std::string& text, const GameResolver& resolve);
// The position at the end of the game in a PGN file.
Position read_pgn_file(const std::string& path, const GameResolver& resolve);
Position final_position(const PgnGame& game, const GameResolver& resolve);

}  // namespace menagerie
