// libFuzzer target for the PGN reader. Input: a PGN database. Each game is refused with Error,
// or reads as a game whose record, written again by the PGN writer, reads back to a game through
// the same positions to the same final position.
#include <cstddef>
#include <cstdint>

#include "core/record.h"
#include "fuzz_util.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"

using namespace menagerie;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // As the program resolves a game, but a Black Swan referee's game without a seed gets seed
    // 1 rather than a random one, so that an input always means the same game.
    const GameResolver resolve = [](const std::string& name, Options options) {
        if (name == "blackswan" && !options.count("view")) options.emplace("seed", "1");
        return make_game(name, options);
    };
    for (const PgnText& text : split_pgn(fuzz::text_of(data, size))) {
        PgnGame game;
        try {
            game = parse_pgn(text, resolve);
        } catch (const Error&) {
            continue;
        }
        PgnGame start_only = game;
        start_only.moves.clear();
        const Position start = final_position(start_only, resolve);
        // The positions a game passes through. Compared rather than the moves themselves: a
        // referee's game (Black Swan with its seed) reads a chance move with or without its
        // outcome (it draws the outcome itself), and the writer always gives the outcome.
        const auto trail = [&](const std::vector<Move>& played) {
            std::vector<std::string> fens;
            GameRecord replay(start);
            for (Move m : played) {
                replay.play(m);
                fens.push_back(write_fen(replay.position()));
            }
            return fens;
        };
        std::vector<std::string> moves;
        GameRecord record(start);
        for (Move m : game.moves) {
            moves.push_back(move_to_uci(record.position(), m));
            record.play(m);
        }
        const std::string final_fen = write_fen(record.position());
        FUZZ_CHECK(write_fen(final_position(game, resolve)) == final_fen, text.text);
        const std::string written = write_pgn(start, moves);
        try {
            const PgnGame again = parse_pgn(written, resolve);
            FUZZ_CHECK(trail(again.moves) == trail(game.moves), written);
            FUZZ_CHECK(write_fen(final_position(again, resolve)) == final_fen, written);
        } catch (const Error& e) {
            FUZZ_CHECK(false,
                       "the PGN written is refused: " + std::string(e.what()) + "\n" + written);
        }
    }
    return 0;
}
