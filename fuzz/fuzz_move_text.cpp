// libFuzzer target for the move readers (UCI and SAN forms). Input: a line naming the game, a
// line with its start (a FEN, or nothing for the game's start), then one move a line. A move is
// refused with Error, or is legal and plays; after each move the position keeps its key and
// reads back from its FEN, and every legal move reads back from both its UCI and its SAN text.
#include <cstddef>
#include <cstdint>

#include "core/movegen.h"
#include "core/outcome.h"
#include "core/record.h"
#include "core/setup.h"
#include "fuzz_util.h"
#include "notation/fen.h"
#include "notation/move_text.h"

using namespace menagerie;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<std::string> lines = fuzz::lines_of(fuzz::text_of(data, size));
    if (lines.size() < 2) return 0;
    const auto game = fuzz::game_from_line(lines[0]);
    if (!game) return 0;
    std::optional<GameRecord> record;
    try {
        record.emplace(lines[1].empty() ? start_position(game) : parse_fen(game, lines[1]));
    } catch (const Error&) {
        return 0;
    }
    Position& pos = record->position();
    bool read_any = false;
    for (size_t i = 2; i < lines.size() && i < 200; ++i) {
        Move m;
        try {
            m = parse_played_move(pos, lines[i]);
        } catch (const Error&) {
            continue;
        }
        MoveList legal;
        generate_legal(pos, legal);
        FUZZ_CHECK(std::find(legal.begin(), legal.end(), m.without_outcome()) != legal.end(),
                   lines[i] + " read as an illegal move in " + write_fen(pos));
        // Every legal move's text in the position of the first move read; the move read's in
        // the others (SAN costs a legality check of every move, so that the fuzzer stays fast).
        for (Move each : read_any ? std::vector<Move>{m.without_outcome()}
                                  : std::vector<Move>(legal.begin(), legal.end())) {
            const std::string uci = move_to_uci(pos, each), san = move_to_san(pos, each);
            // (The referee's game writes a chance move with the outcome its seed draws.)
            auto same = [&](Move read) {
                return read == each || (each.outcome() == 0 && read.without_outcome() == each);
            };
            try {
                FUZZ_CHECK(same(parse_move(pos, uci)), uci + " in " + write_fen(pos));
                FUZZ_CHECK(same(parse_move(pos, san)), san + " in " + write_fen(pos));
            } catch (const Error& e) {
                FUZZ_CHECK(false,
                           uci + " / " + san + " refused in " + write_fen(pos) + ": " + e.what());
            }
        }
        read_any = true;
        record->play(m);
        FUZZ_CHECK(pos.key() == pos.compute_key(), "after " + lines[i]);
        const std::string fen = write_fen(pos);
        try {
            FUZZ_CHECK(write_fen(parse_fen(game, fen)) == fen, fen);
        } catch (const Error& e) {
            FUZZ_CHECK(false, "after " + lines[i] + ", " + fen + " is refused: " + e.what());
        }
        outcome(pos);
    }
    return 0;
}
