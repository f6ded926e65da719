// libFuzzer target: any bytes as (variant, FEN, moves) must either be refused with Error or give a
// position whose FEN round-trips, whose key matches a recomputed one, and whose moves all play.
// A first byte with its high bit set makes the rest a PGN game instead.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"

using namespace menagerie;

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    static const auto games = [] {
        std::vector<std::shared_ptr<const Game>> all;
        for (const std::string& name : game_names()) all.push_back(make_game(name));
        return all;
    }();
    if (data[0] & 0x80) {
        try {
            final_position(parse_pgn(std::string(reinterpret_cast<const char*>(data + 1), size - 1),
                                     make_game),
                           make_game);
        } catch (const Error&) {
        }
        return 0;
    }
    const auto& game = games[data[0] % games.size()];
    std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
    std::string fen, line;
    std::getline(in, fen);
    try {
        GameRecord record(parse_fen(game, fen));
        Position& pos = record.position();
        while (std::getline(in, line)) {
            try {
                record.play(parse_move(pos, line));
            } catch (const Error&) {
            }
            const std::string written = write_fen(pos);
            check(write_fen(parse_fen(game, written)) == written);
            check(pos.key() == pos.compute_key());
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) check(parse_move(pos, move_to_uci(pos, m)) == m);
            outcome(pos);
        }
    } catch (const Error&) {
    }
    return 0;
}
