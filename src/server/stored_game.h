// What the storage keeps of a game: everything needed to rebuild it (the start and the moves,
// never a position), the seats' token hashes (never the tokens), the clocks and the result.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace menagerie::server {

inline constexpr int64_t MS_PER_DAY = int64_t{24} * 3600 * 1000;

struct StoredClock {
    int64_t initial_ms = 0, increment_ms = 0;
    int64_t white_ms = 0, black_ms = 0;  // left at `turn_started_ms`
    int64_t turn_started_ms = 0;         // wall clock (ms since 1970) the running side started
    bool running = false;                // runs from White's first move until the game ends
};

// An account that holds a seat (a game made in the lobby): its name as the account spells it,
// and its rating in the game's family when the game began.
struct SeatHolder {
    std::string name;
    int rating = 0;
};

struct StoredGame {
    std::string id, variant, mode;               // mode: engine, local, online, analysis
    std::map<std::string, std::string> options;  // of the game played (a dice roll included)
    std::string start_fen;
    std::optional<std::string> setup;
    std::vector<std::string> moves;                   // UCI
    std::map<std::string, std::string> token_hashes;  // seat (white, black, both) -> SHA-256
    int engine_color = -1;                            // 0 white, 1 black, -1 no engine
    int engine_level = 0;
    std::optional<StoredClock> clock;
    // An imported PGN's own tags (White, Black, Event, Site, Date, ...), exported again; the
    // tags the server writes itself (Variant, FEN, Result, ...) are not kept.
    std::map<std::string, std::string> tags;
    std::string draw_offer;    // "white" or "black": that side offers a draw (online games)
    std::string result = "*";  // set when the game ends
    std::string reason;
    int64_t created_ms = 0, updated_ms = 0;
    // The stored version this copy was read as or last saved as (0: never stored). Storage::save
    // writes revision + 1 only over this revision, so two servers sharing one database cannot
    // overwrite each other's moves.
    int64_t revision = 0;
    // Its seed was fixed by `menagerie serve --test-seed` (a test server's game, whose hidden
    // identities anyone who knows the flag knows): the state and the PGN say so.
    bool test_seed = false;
    // Seats held by accounts ("white", "black"): a session of that account acts for the seat.
    std::map<std::string, SeatHolder> players;
    bool rated = false;  // its end updates both players' ratings
    // Correspondence: each side has this many days per move, and loses on time at the deadline
    // (ms since 1970) of the side to move; 0 for none.
    int days_per_move = 0;
    int64_t deadline_ms = 0;
    // A refereed game's players' contributions to its randomness ("white", "black": the text),
    // given before the first move; the referee mixes them into every draw.
    std::map<std::string, std::string> contributions;

    bool over() const { return result != "*"; }
};

// One row of the game list.
struct GameSummary {
    std::string id, variant, mode, status, result;
    int ply = 0;
    int64_t updated_ms = 0;
};

// The whole game as one JSON text (the storage's `record` column) and back; from_record throws
// std::runtime_error on a record it cannot read.
std::string to_record(const StoredGame& game);
StoredGame from_record(const std::string& text);
GameSummary summary_of(const StoredGame& game);

}  // namespace menagerie::server
