// PGN with the tags Variant, VariantOptions (the game's options, name=value separated by
// spaces), SetUp and FEN. Movetext is SAN; coordinate moves are read too. A file may hold many
// games (a PGN database): each is its tag section and its movetext up to its result token.
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
    std::string result = "*";   // the result token that ends the movetext (else the Result tag)
    bool result_token = false;  // whether the movetext ends with its result token
};

// One game's text in a database: where it starts (game number and line, both from 1).
struct PgnText {
    std::string text;
    size_t number = 1;
    size_t line = 1;
};

// Writes the game that plays `moves` (UCI or SAN) from `start`. A Result among `extra_tags`
// (a game lost on time or by a forfeit) ends the movetext too; `final_comment`, when given, is
// written before it as a {comment}.
std::string write_pgn(const Position& start, const std::vector<std::string>& moves,
                      const std::map<std::string, std::string>& extra_tags = {},
                      const std::string& final_comment = "");
// The same from moves played and noted once (notation/played_move.h): nothing is read again.
struct PlayedMove;
std::string write_pgn(const Position& start, const std::vector<PlayedMove>& moves,
                      const std::map<std::string, std::string>& extra_tags = {},
                      const std::string& final_comment = "");
// Builds the game a PGN names in its Variant tag (mapped to a catalogue name, lower case;
// "chess" when absent) with the options of its VariantOptions tag. The notation layer knows no
// catalogue: the caller does.
using GameResolver =
    std::function<std::shared_ptr<const Game>(const std::string& name, const Options& options)>;

// The catalogue name for a Variant tag: lower case, with the names other programs write for the
// same game ("Standard", "From Position", "Chess960", "Fischerandom" ...) read as "chess".
std::string pgn_variant_name(const std::string& tag);

// Splits a PGN database into its games. Never throws: a game that is malformed is still one
// entry, and parse_pgn says what is wrong with it. A UTF-8 byte-order mark and `%` lines are
// skipped.
std::vector<PgnText> split_pgn(const std::string& text);
// Reads one game of a database; throws Error (kind Pgn) naming the game number, the line and
// the tag, token or move that is wrong.
// `visit`, if given, sees each move as read, before it is played: the game so far (tags, moves),
// the position before the move, the move and its text. A checker stops the reading by throwing.
using MoveVisitor = std::function<void(const PgnGame& so_far, const Position& before, Move m,
                                       const std::string& text)>;
PgnGame parse_pgn(const PgnText& game, const GameResolver& resolve, const MoveVisitor& visit = {});
// Reads a text that holds exactly one game.
PgnGame parse_pgn(const std::string& text, const GameResolver& resolve,
                  const MoveVisitor& visit = {});
// The whole of a PGN file; Error (kind File) if it cannot be read, is a directory or is empty.
std::string read_pgn_file(const std::string& path);
Position final_position(const PgnGame& game, const GameResolver& resolve);

}  // namespace menagerie
