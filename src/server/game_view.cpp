#include "server/game_view.h"

#include <algorithm>
#include <map>

#include "core/movegen.h"
#include "core/rules.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

json legal_moves(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    json out = json::array();
    std::map<std::pair<std::string, std::string>, int> sharing;
    std::vector<json> entries;
    for (Move m : list) {
        const auto [from, to] = move_cells(pos, m);
        json e = {{"uci", move_to_uci(pos, m)},
                  {"san", move_to_san(pos, list, m)},
                  {"from", from},
                  {"to", to}};
        if (m.kind() == MoveKind::Promotion || m.kind() == MoveKind::Placement)
            e["promotion"] = pos.game().token(m.promotion());
        // Black Swan's stay step: the piece chosen stays on the swan's cell (a placement's cell
        // is empty, this one is not).
        if (m.kind() == MoveKind::Placement && m.from() == m.to()) e["stays"] = true;
        ++sharing[{from, to}];
        entries.push_back(std::move(e));
    }
    // The likeliest promotion first (the chooser lists a group's entries in this order): the
    // queen moves to the head of the entries that share its cells.
    const int queen = pos.game().men.queen;
    for (size_t i = 0; i < entries.size() && queen >= 0; ++i) {
        if (!entries[i].contains("promotion") || entries[i]["promotion"] != pos.game().token(queen))
            continue;
        for (size_t j = 0; j < i; ++j)
            if (entries[j]["from"] == entries[i]["from"] && entries[j]["to"] == entries[i]["to"]) {
                std::rotate(entries.begin() + static_cast<std::ptrdiff_t>(j),
                            entries.begin() + static_cast<std::ptrdiff_t>(i),
                            entries.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                break;
            }
    }
    for (json& e : entries) {
        // Moves that share their cells are told apart by a label (the SAN) where no promotion
        // token already does.
        if (sharing[{e["from"], e["to"]}] > 1 && !e.contains("promotion")) e["label"] = e["san"];
        out.push_back(std::move(e));
    }
    return out;
}

// The piece types a player can meet in this game and setup, for the legend: those of the start
// position and those a pawn may promote to (in `promotions`, the queen first). A refereed game's
// swans may become any type: every type.
void add_piece_types(json& state, const Position& start) {
    const Game& game = start.game();
    std::vector<bool> seen(game.men.types.size(), is_refereed(game));
    for (Square s = 0; s < game.geometry.size(); ++s)
        if (const Piece p = start.piece_on(s); p != NO_PIECE) seen[type_of(p)] = true;
    json promotions = json::array();
    if (game.men.queen >= 0 && std::find(game.men.promotions.begin(), game.men.promotions.end(),
                                         game.men.queen) != game.men.promotions.end())
        promotions.push_back(game.token(game.men.queen));
    for (const int t : game.men.promotions) {
        seen[t] = true;
        if (t != game.men.queen) promotions.push_back(game.token(t));
    }
    json types = json::array();
    for (size_t t = 0; t < seen.size(); ++t)
        if (seen[t]) types.push_back(game.token(static_cast<int>(t)));
    state["piece_types"] = types;
    state["promotions"] = promotions;
}

// The tile counts a side has not seen turned over, by tile name.
json unseen_json(const Position& pos, Color side) {
    const std::vector<std::string>& tiles = pos.game().chance.tile_names;
    json out = json::object();
    for (size_t k = 0; k < tiles.size(); ++k) out[tiles[k]] = pos.state().chance.unseen[side][k];
    return out;
}

// What a chance move brought, as data: the tile turned over ("2+"; none for a promotion) and the
// pieces' tokens in the order drawn. The front end reads this, never the move's text.
json brought_json(const Position& pos, const Draw& d) {
    const Game& game = pos.game();
    json pieces = json::array();
    for (int i = 0; i < d.count; ++i) pieces.push_back(game.token(d.types[static_cast<size_t>(i)]));
    return {{"tile", d.tile >= 0 ? json(game.chance.tile_names[static_cast<size_t>(d.tile)])
                                 : json(nullptr)},
            {"event", d.event},
            {"pieces", pieces}};
}

// What a seat is shown of a refereed game (Black Swan): the view, never the referee's position.
// The players' contributions are public: what makes them worth giving is that the referee
// committed to its seed before seeing them.
void add_view_state(json& state, const LiveGame& g, const Referee& r) {
    const StoredGame& s = g.stored();
    const Position& pos = r.view().position();
    json contributions = json::object();
    for (const Color c : {WHITE, BLACK})
        contributions[colour_name(c)] =
            r.contribution(c).empty() ? json(nullptr) : json(r.contribution(c));
    json swan = {
        {"commitment", r.commitment()},
        {"contributions", contributions},
        {"contributions_open", g.contributions_open()},
        {"tiles", pos.game().chance.tile_names},
        {"unseen", {{"white", unseen_json(pos, WHITE)}, {"black", unseen_json(pos, BLACK)}}}};
    if (s.over()) swan["seed"] = r.seed();
    if (s.test_seed) swan["test_seed"] = true;  // fixed by the server for tests: no secret
    json options = json::object();
    for (const auto& [name, value] : pos.game().options) options[name] = value;
    state["options"] = options;
    state["start_fen"] = write_fen(r.view_start());
    state["blackswan"] = swan;
}

}  // namespace

json line_json(Position pos, const std::vector<Move>& line) {
    json out = json::array();
    std::vector<StateInfo> states(line.size());
    for (size_t i = 0; i < line.size(); ++i) {
        const Move m = line[i];
        out.push_back({{"uci", move_to_uci(pos, m)}, {"san", move_to_san(pos, m)}});
        if (is_chance_move(pos, m) && m.outcome() == 0) break;
        pos.do_move(m, states[i]);
    }
    return out;
}

json game_state(LiveGame& g, Seat seat, int64_t now) {
    const StoredGame& s = g.stored();
    json state = {{"id", s.id},
                  {"variant", s.variant},
                  {"title", g.game().title},
                  {"mode", s.mode},
                  {"seat", seat_name(seat)},
                  {"ply", g.ply()},
                  {"status", g.over() ? "over" : "playing"},
                  {"result", s.result},
                  {"reason", s.reason.empty() ? json(nullptr) : json(s.reason)},
                  {"draw_offer", s.draw_offer.empty() ? json(nullptr) : json(s.draw_offer)},
                  {"setup", s.setup ? json(*s.setup) : json(nullptr)}};
    // The position a seat is shown: a refereed game's view, or the game itself.
    Position& pos = g.shown_position();
    json moves = json::array();
    for (const PlyNote& note : g.notes()) {
        const PlayedMove& p = note.played;
        json move = {{"uci", p.uci}, {"san", p.san}, {"fen", p.fen}};
        if (p.brought.count) {
            move["brought"] = brought_json(pos, p.brought);
            move["brought"]["cell"] = note.cells.second;
        }
        moves.push_back(std::move(move));
    }
    json last = nullptr;
    if (!g.notes().empty())
        last = {{"from", g.notes().back().cells.first}, {"to", g.notes().back().cells.second}};
    if (const Referee* referee = g.referee()) {
        add_view_state(state, g, *referee);
    } else {
        state["options"] = s.options;
        state["start_fen"] = s.start_fen;
    }
    state["fen"] = write_fen(pos);
    state["moves"] = moves;
    state["legal"] = g.may_move(seat) ? legal_moves(pos) : json::array();
    state["last_move"] = last;
    add_piece_types(state, g.start());
    json check = json::array();
    if (pos.checkers() && pos.king_square(pos.side_to_move()) != SQ_NONE)
        check.push_back(pos.geometry().name(pos.king_square(pos.side_to_move())));
    state["check"] = check;
    state["turn"] = colour_name(pos.side_to_move());
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
    if (!s.players.empty()) {  // a game made in the lobby: the accounts in its seats
        json players = json::object();
        for (const auto& [side, holder] : s.players)
            players[side] = {{"name", holder.name}, {"rating", holder.rating}};
        state["players"] = players;
        state["rated"] = s.rated;
    }
    if (s.days_per_move) {
        state["correspondence"] = {{"days_per_move", s.days_per_move}};
        if (!g.over()) state["correspondence"]["deadline"] = s.deadline_ms;
    }
    return state;
}

}  // namespace menagerie::server
