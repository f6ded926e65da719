// libFuzzer target for the FEN reader. Input: a line naming the game ("placement
// castling=chess960"), then the FEN. A FEN is refused with Error, or gives a position that is
// consistent, writes a FEN that reads back to itself, keeps its key, has no pawn where no move
// can bring one, and whose legal moves each play and take back to the same position.
#include <cstddef>
#include <cstdint>

#include "core/movegen.h"
#include "core/outcome.h"
#include "fuzz_util.h"
#include "notation/fen.h"

using namespace menagerie;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text = fuzz::text_of(data, size);
    const size_t newline = text.find('\n');
    if (newline == std::string::npos) return 0;
    const auto game = fuzz::game_from_line(text.substr(0, newline));
    if (!game) return 0;
    const std::string fen = text.substr(newline + 1);
    std::optional<Position> read;
    try {
        read.emplace(parse_fen(game, fen));
    } catch (const Error&) {
        return 0;
    }
    Position& pos = *read;
    FUZZ_CHECK(pos.consistency_error().empty(), pos.consistency_error() + " in " + fen);
    FUZZ_CHECK(pos.key() == pos.compute_key(), fen);
    const std::string written = write_fen(pos);
    try {
        FUZZ_CHECK(write_fen(parse_fen(game, written)) == written, fen + " wrote " + written);
    } catch (const Error& e) {
        FUZZ_CHECK(false, fen + " wrote " + written + ", which is refused: " + e.what());
    }
    if (game->men.pawn >= 0)
        for (Color c : {WHITE, BLACK})
            FUZZ_CHECK(!(pos.pieces(c, game->men.pawn) & game->zones.back_rank[c]),
                       "a pawn on its first rank in " + written);
    MoveList legal;
    generate_legal(pos, legal);
    for (Move legal_move : legal)
        for (Move m : fuzz::playable(pos, legal_move)) {
            StateInfo st;
            pos.do_move(m, st);
            FUZZ_CHECK(pos.key() == pos.compute_key(), "after a move from " + written);
            FUZZ_CHECK(pos.consistency_error().empty(), pos.consistency_error());
            pos.undo_move(m);
            FUZZ_CHECK(write_fen(pos) == written, "a move taken back from " + written);
        }
    outcome(pos);
    return 0;
}
