#include "server/game_view.h"

#include <map>

#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

// What `seat` may know of the game: its full state for every open game. The one place where a
// game with hidden information (Black Swan) will redact what this seat must not see.
json seat_view(json state, const LiveGame&, Seat) { return state; }

json legal_moves(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    json out = json::array();
    std::map<std::pair<std::string, std::string>, int> sharing;
    std::vector<json> entries;
    for (Move m : list) {
        const auto [from, to] = move_cells(pos, m);
        json e = {
            {"uci", move_to_uci(pos, m)}, {"san", move_to_san(pos, m)}, {"from", from}, {"to", to}};
        if (m.kind() == MoveKind::Promotion || m.kind() == MoveKind::Placement)
            e["promotion"] = pos.game().token(m.promotion());
        ++sharing[{from, to}];
        entries.push_back(std::move(e));
    }
    for (json& e : entries) {
        // Moves that share their cells are told apart by a label (the SAN) where no promotion
        // token already does.
        if (sharing[{e["from"], e["to"]}] > 1 && !e.contains("promotion")) e["label"] = e["san"];
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace

json game_state(LiveGame& g, Seat seat, int64_t now) {
    const StoredGame& s = g.stored();
    Position& pos = g.position();
    json moves = json::array();
    for (size_t i = 0; i < g.notes().size(); ++i)
        moves.push_back(
            {{"uci", s.moves[i]}, {"san", g.notes()[i].san}, {"fen", g.notes()[i].fen}});
    json last = nullptr;
    if (!g.notes().empty())
        last = {{"from", g.notes().back().cells.first}, {"to", g.notes().back().cells.second}};
    json check = json::array();
    if (pos.checkers() && pos.king_square(pos.side_to_move()) != SQ_NONE)
        check.push_back(pos.geometry().name(pos.king_square(pos.side_to_move())));
    json state = {{"id", s.id},
                  {"variant", s.variant},
                  {"title", g.game().title},
                  {"options", s.options},
                  {"mode", s.mode},
                  {"seat", seat_name(seat)},
                  {"start_fen", s.start_fen},
                  {"fen", write_fen(pos)},
                  {"turn", colour_name(pos.side_to_move())},
                  {"ply", g.ply()},
                  {"moves", moves},
                  {"legal", g.may_move(seat) ? legal_moves(pos) : json::array()},
                  {"last_move", last},
                  {"check", check},
                  {"status", g.over() ? "over" : "playing"},
                  {"result", s.result},
                  {"reason", s.reason.empty() ? json(nullptr) : json(s.reason)},
                  {"setup", s.setup ? json(*s.setup) : json(nullptr)}};
    if (s.clock) {
        const std::optional<int64_t> running = g.flag_in(now);
        state["clock"] = {
            {"white_ms", g.clock_ms(WHITE, now)},
            {"black_ms", g.clock_ms(BLACK, now)},
            {"running", running ? json(colour_name(pos.side_to_move())) : json(nullptr)},
            {"initial_ms", s.clock->initial_ms},
            {"increment_ms", s.clock->increment_ms}};
    }
    if (s.engine_color >= 0)
        state["engine"] = {{"color", colour_name(Color(s.engine_color))},
                           {"level", s.engine_level},
                           {"thinking", g.thinking()}};
    return seat_view(std::move(state), g, seat);
}

}  // namespace menagerie::server
