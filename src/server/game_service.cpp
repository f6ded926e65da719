// The requests of the games (game_service.h); what moves a game on without a request is in
// game_turns.cpp.
#include "server/game_service.h"

#include <algorithm>
#include <iostream>

#include "core/error.h"
#include "core/outcome.h"
#include "core/random_stream.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"
#include "server/api_error.h"
#include "server/catalogue.h"
#include "server/game_requests.h"
#include "server/game_view.h"
#include "server/json_fields.h"
#include "server/refereed.h"
#include "server/tokens.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

constexpr size_t MAX_TEXT = 200'000;  // a PGN or FEN field

// A seat's move as a move of the game (read on the seats' view for a refereed game).
Move read_move_text(LiveGame& g, const std::string& text) {
    try {
        return g.read_move(text);
    } catch (const Error& e) {
        throw ApiError(400, requote(e.what(), text));
    }
}

// An imported PGN's tags but those the export writes from the game itself.
std::map<std::string, std::string> kept_tags(const std::map<std::string, std::string>& tags) {
    std::map<std::string, std::string> kept;
    for (const auto& [name, value] : tags)
        if (name != "Variant" && name != "VariantOptions" && name != "SetUp" && name != "FEN" &&
            name != "Dice" && name != "Result" && name != "Termination")
            kept[name] = value;
    return kept;
}

std::string game_is_over(const StoredGame& s) {
    return "the game is over (" + s.result + (s.reason.empty() ? "" : ", " + s.reason) + ")";
}

}  // namespace

GameService::GameService(Storage& storage, boost::asio::any_io_executor timers, int engine_threads,
                         std::chrono::milliseconds idle_limit, std::chrono::milliseconds handover,
                         int analysis_threads, std::chrono::milliseconds unplayed_after)
    : storage_(storage),
      rooms_(storage),
      timers_(std::move(timers)),
      engine_pool_(static_cast<size_t>(std::max(engine_threads, 1))),
      analyses_(analysis_threads),
      idle_limit_(idle_limit),
      handover_(handover),
      unplayed_after_(unplayed_after),
      started_ms_(now_ms()),
      sweep_timer_(timers_) {
    rooms_.on_load([this](const std::shared_ptr<Room>& room) { loaded(room); });
    arm_sweep();
    storage_.listen(
        [this](const std::string& id, int64_t revision) { stored_elsewhere(id, revision); },
        [this] { recheck_all(); });
}
GameService::~GameService() { stop(); }

void GameService::fix_refereed_seeds(const std::string& seed) {
    if (!seed_from_text(seed))
        throw std::invalid_argument("--test-seed: " + menagerie::quoted(seed) +
                                    " is not 64 hexadecimal digits or a whole number from 0 to "
                                    "2^64-1");
    test_seed_ = seed;
}
void GameService::stop() {
    storage_.listen({}, {});
    sweep_timer_.cancel();
    analyses_.stop_searching();
    engine_pool_.stop();
    engine_pool_.join();
    analyses_.drain();
}
void GameService::commit(const std::shared_ptr<Room>& room, const StoredGame& before) {
    try {
        rooms_.store(room, before);
    } catch (const StorageConflict&) {
        // Another server sharing the database moved first: take its version of the game.
        room->game = std::make_unique<LiveGame>(before);
        try {
            reload(room);
        } catch (const ApiError&) {
        }
        changed(room);
        throw ApiError(409, "the game was changed by another server meanwhile: reload it");
    }
}

void GameService::loaded(const std::shared_ptr<Room>& room) {
    room->game->restart_turn(started_ms_, now_ms());
    changed(room);
}
json GameService::create(const json& body, const Seating& seating) {
    json_object(body, "the request body");
    only_fields(body,
                {"variant", "options", "setup", "fen", "pgn", "mode", "engine", "clock", "balance"},
                "the request body");
    const std::string variant = *string_field(body, "variant", 64, true);
    const Options options = options_field(body);
    const std::string mode = *string_field(body, "mode", 16, true);
    if (mode != "engine" && mode != "local" && mode != "online" && mode != "analysis")
        throw ApiError(400, "mode " + menagerie::quoted(mode) +
                                " is not one of engine, local, online, analysis");
    const std::optional<std::string> setup = string_field(body, "setup", 64),
                                     fen = string_field(body, "fen", 4096),
                                     pgn = string_field(body, "pgn", MAX_TEXT);
    if (int(setup.has_value()) + int(fen.has_value()) + int(pgn.has_value()) > 1)
        throw ApiError(400, "give at most one of \"setup\", \"fen\" and \"pgn\"");
    // A mate counts as 10000 in the atlas, so a wider band would admit nothing more.
    const std::optional<int64_t> balance = int_field(body, "balance", 0, ATLAS_MATE_SCORE);
    if (balance && (setup || fen || pgn))
        throw ApiError(400,
                       "\"balance\" chooses among drawn setups: give it without \"setup\", "
                       "\"fen\" and \"pgn\"");

    StoredGame s;
    s.id = new_game_id();
    s.mode = mode;
    s.created_ms = s.updated_ms = now_ms();
    if (const auto e = body.find("engine"); e != body.end() && !e->is_null()) {
        if (mode != "engine") throw ApiError(400, "\"engine\" is only for mode engine");
        json_object(*e, "the field \"engine\"");
        only_fields(*e, {"color", "level"}, "the field \"engine\"");
        const std::string colour = string_field(*e, "color", 8).value_or("black");
        if (colour != "white" && colour != "black")
            throw ApiError(400, "the engine's color must be white or black");
        s.engine_color = colour == "white" ? WHITE : BLACK;
        s.engine_level = static_cast<int>(int_field(*e, "level", 1, 8).value_or(4));
    } else if (mode == "engine") {
        s.engine_color = BLACK;
        s.engine_level = 4;
    }
    if (mode == "engine") {
        const std::vector<std::string> played = engine::played_game_names();
        if (std::find(played.begin(), played.end(), variant) == played.end())
            throw ApiError(400, "the engine does not play " + variant + " yet");
    }
    if (const auto c = body.find("clock"); c != body.end() && !c->is_null()) {
        if (mode != "online") throw ApiError(400, "\"clock\" is only for mode online");
        json_object(*c, "the field \"clock\"");
        only_fields(*c, {"initial_ms", "increment_ms"}, "the field \"clock\"");
        StoredClock clock;
        clock.initial_ms = *int_field(*c, "initial_ms", 1000, 24 * 3600 * 1000, true);
        clock.increment_ms = int_field(*c, "increment_ms", 0, 3600 * 1000).value_or(0);
        clock.white_ms = clock.black_ms = clock.initial_ms;
        s.clock = clock;
    }

    std::shared_ptr<const Game> game =
        referee_game(game_named(variant, options), options, setup || fen || pgn, test_seed_);
    s.test_seed = test_seed_ && is_refereed(*game);
    std::optional<Position> start;
    std::vector<Move> moves;
    if (pgn) {
        std::shared_ptr<const Game> resolved;
        try {
            const PgnGame g = parse_pgn(*pgn, [&](const std::string& name, const Options& o) {
                resolved = game_named(name, o);
                return resolved;
            });
            if (resolved->name != game->name)
                throw ApiError(400,
                               "the PGN is a game of " + resolved->name + ", not of " + game->name);
            start.emplace(parse_fen(resolved, g.start_fen));
            moves = g.moves;
            s.tags = kept_tags(g.tags);
        } catch (const Error& e) {
            throw ApiError(400, e.what());
        }
    } else {
        if (balance && !atlas().has(game->name))
            throw ApiError(400, game->name + " has no setup atlas, so \"balance\" cannot be used");
        start.emplace(requested_start(
            game, fen, setup, s.setup, true, &atlas(),
            balance ? std::optional<int>(static_cast<int>(*balance)) : std::nullopt));
    }
    s.variant = start->game().name;
    s.options = start->game().options;
    s.start_fen = write_fen(*start);

    json tokens = json::object(), links = json::object();
    s.players = seating.players;
    s.rated = seating.rated;
    s.days_per_move = seating.days_per_move;
    if (s.days_per_move) s.deadline_ms = s.created_ms + s.days_per_move * MS_PER_DAY;
    auto seat = [&](const std::string& name) {
        if (const auto given = seating.token_hashes.find(name);
            given != seating.token_hashes.end()) {
            s.token_hashes[name] = given->second;  // its holder has the token already
            return;
        }
        const std::string token = new_token();
        s.token_hashes[name] = token_hash(token);
        tokens[name] = token;
        if (name != "both")
            links[name] = "/game/" + s.id + "?token=" + token;
        else
            links["both"] = "/game/" + s.id + "?token=" + token;
    };
    if (mode == "online") {
        seat("white");
        seat("black");
    } else if (mode == "engine") {
        seat(colour_name(~Color(s.engine_color)));
    } else {
        seat("both");
    }
    links["spectator"] = "/game/" + s.id;

    auto room = std::make_shared<Room>();
    try {
        room->game = std::make_unique<LiveGame>(s);
    } catch (const std::exception& e) {
        throw ApiError(400, e.what());
    }
    for (Move m : moves) room->game->play(m, s.created_ms);
    rooms_.add(room);
    std::lock_guard room_lock(room->mutex);
    changed(room);
    return {{"id", s.id}, {"tokens", tokens}, {"links", links}};
}
json GameService::list() {
    std::vector<GameSummary> games;
    try {
        games = storage_.list(200);
    } catch (const std::exception& e) {
        storage_unavailable("the game list cannot be read", e);
    }
    json out = json::array();
    for (const GameSummary& g : games)
        out.push_back({{"id", g.id},
                       {"variant", g.variant},
                       {"mode", g.mode},
                       {"status", g.status},
                       {"result", g.result},
                       {"ply", g.ply},
                       {"updated", g.updated_ms}});
    return out;
}
json GameService::health() {
    try {
        storage_.list(1);
    } catch (const std::exception& e) {
        storage_unavailable("not ready", e);
    }
    return {{"status", "ok"}};
}
json GameService::state(const std::string& id, const Credential& who) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    return game_state(*r->game, r->game->seat_of(who), now_ms());
}
json GameService::glance(const std::string& id, const Credential& who) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    LiveGame& g = *r->game;
    const Seat seat = g.seat_of(who);
    json out = {{"seat", seat_name(seat)},       {"turn", colour_name(g.side_to_move())},
                {"your_move", g.may_move(seat)}, {"status", g.over() ? "over" : "playing"},
                {"result", g.stored().result},   {"ply", g.ply()},
                {"variant", g.stored().variant}};
    if (g.deadline_in(now_ms())) out["deadline"] = g.stored().deadline_ms;
    return out;
}
void GameService::read_stored(const std::string& id,
                              const std::function<void(const StoredGame&)>& read) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    read(r->game->stored());
}

std::optional<int64_t> GameService::settle(const std::string& id) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    const StoredGame before = r->game->stored();
    if (r->game->settle_clock(now_ms())) {
        commit(r, before);
        changed(r);
    }
    if (!r->game->deadline_in(now_ms())) return std::nullopt;
    return r->game->stored().deadline_ms;
}
namespace {

Seat seat_or_refuse(const LiveGame& g, const Credential& who) {
    const Seat seat = g.seat_of(who);
    if (seat == Seat::Spectator)
        throw ApiError(403, who.token     ? "the token holds no seat of this game"
                            : who.account ? "your account holds no seat of this game"
                                          : "this needs the token of a seat of the game");
    return seat;
}

}  // namespace

void GameService::refuse_if_over(const std::shared_ptr<Room>& r, const StoredGame& before) {
    if (r->game->settle_clock(now_ms())) {
        commit(r, before);
        changed(r);
    }
    if (r->game->over()) throw ApiError(409, game_is_over(r->game->stored()));
}
json GameService::move(const std::string& id, const Credential& who, const json& move_field,
                       const json& ply_field) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    // A client ahead of this server saw a move stored by another server that this one has not
    // heard of yet (its listener may be reconnecting): the store decides, not this copy.
    if (ply_field.is_number_integer() && ply_field.get<int64_t>() > r->game->ply() && reload(r))
        changed(r);
    LiveGame& g = *r->game;
    const Seat seat = seat_or_refuse(g, who);
    const StoredGame before = g.stored();
    refuse_if_over(r, before);
    if (ply_field.is_null()) throw ApiError(400, "the field \"ply\" is missing");
    if (!ply_field.is_number_integer() || ply_field.get<int64_t>() < 0)
        throw ApiError(400, "the field \"ply\" must be the number of moves played (0 or more)");
    if (ply_field.get<int64_t>() != g.ply())
        throw ApiError(409, "the game has moved on: it is at ply " + std::to_string(g.ply()) +
                                ", not " + ply_field.dump());
    if (g.engine_to_move()) throw ApiError(409, "it is the engine's turn");
    if (!g.may_move(seat))
        throw ApiError(409, "it is not your turn: " + colour_name(g.position().side_to_move()) +
                                " is to move");
    if (move_field.is_null()) throw ApiError(400, "the field \"move\" is missing");
    if (!move_field.is_string()) throw ApiError(400, "the field \"move\" must be a string");
    const std::string& text = move_field.get_ref<const std::string&>();
    if (text.size() > 32 || text.find('\0') != std::string::npos)
        throw ApiError(400, menagerie::quoted(text) + " is not a move in UCI or SAN form");
    const Move m = read_move_text(g, text);
    g.play(m, now_ms());
    commit(r, before);
    changed(r);
    return game_state(*r->game, seat, now_ms());
}
json GameService::resign(const std::string& id, const Credential& who) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    LiveGame& g = *r->game;
    const Seat seat = seat_or_refuse(g, who);
    const StoredGame before = g.stored();
    g.settle_clock(now_ms());
    if (g.over()) {
        commit(r, before);
        changed(r);
        throw ApiError(409, game_is_over(g.stored()));
    }
    g.resign(seat);
    commit(r, before);
    changed(r);
    return game_state(*r->game, seat, now_ms());
}
json GameService::draw(const std::string& id, const Credential& who, const std::string& action) {
    if (action != "offer" && action != "accept" && action != "decline")
        throw ApiError(400, "the field \"action\" must be offer, accept or decline, not " +
                                menagerie::quoted(action));
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    LiveGame& g = *r->game;
    const Seat seat = seat_or_refuse(g, who);
    if (g.stored().mode != "online")
        throw ApiError(400,
                       "draw offers are for online games (in a local game, agree over the "
                       "board; the engine plays on)");
    const StoredGame before = g.stored();
    refuse_if_over(r, before);
    if (action == "offer")
        g.offer_draw(seat, now_ms());
    else
        g.answer_draw(seat, action == "accept", now_ms());
    commit(r, before);
    changed(r);
    return game_state(*r->game, seat, now_ms());
}
namespace {

// The side a seat contributes for: its own, which `colour` may name; the `both` seat (a local or
// analysis game's) names either.
Color contributing_side(Seat seat, const json& colour) {
    if (!colour.is_null() && colour != "white" && colour != "black")
        throw ApiError(400, "the field \"color\" must be white or black");
    if (seat == Seat::Both) {
        if (colour.is_null())
            throw ApiError(400,
                           "the both seat gives either side's contribution: say which with "
                           "\"color\" (white or black)");
        return colour == "white" ? WHITE : BLACK;
    }
    const Color own = seat == Seat::White ? WHITE : BLACK;
    if (!colour.is_null() && colour != colour_name(own))
        throw ApiError(403, "the " + colour_name(own) + " seat gives " + colour_name(own) +
                                "'s contribution only, not " + colour.get<std::string>() + "'s");
    return own;
}

}  // namespace

json GameService::contribute(const std::string& id, const Credential& who, const json& text,
                             const json& colour) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    LiveGame& g = *r->game;
    const Seat seat = seat_or_refuse(g, who);
    const Color side = contributing_side(seat, colour);
    const StoredGame before = g.stored();
    refuse_if_over(r, before);
    if (text.is_null()) throw ApiError(400, "the field \"text\" is missing");
    if (!text.is_string()) throw ApiError(400, "the field \"text\" must be a string");
    g.contribute(side, text.get<std::string>(), now_ms());
    commit(r, before);
    changed(r);
    return game_state(*r->game, seat, now_ms());
}
json GameService::takeback(const std::string& id, const Credential& who) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    LiveGame& g = *r->game;
    const Seat seat = seat_or_refuse(g, who);
    if (g.stored().mode == "online")
        throw ApiError(400, "takeback is for local, analysis and engine games, not online ones");
    if (g.referee()) throw ApiError(400, refereed_takeback_refusal(g.game()));
    if (g.notes().empty()) throw ApiError(409, "there is no move to take back");
    const StoredGame before = g.stored();
    g.undo();
    if (g.stored().engine_color >= 0) {
        // Back to the human's last turn: the engine's reply goes too.
        const Color human = ~Color(g.stored().engine_color);
        while (g.position().side_to_move() != human && !g.notes().empty()) g.undo();
        if (g.position().side_to_move() != human) {
            r->game = std::make_unique<LiveGame>(before);
            throw ApiError(409, "there is no move of yours to take back");
        }
    }
    commit(r, before);
    changed(r);
    return game_state(*r->game, seat, now_ms());
}
std::string GameService::pgn(const std::string& id) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    LiveGame& g = *r->game;
    const StoredGame& s = g.stored();
    std::map<std::string, std::string> tags = {{"Site", "Menagerie"}};
    if (s.engine_color >= 0)
        tags[s.engine_color == WHITE ? "White" : "Black"] =
            "Menagerie level " + std::to_string(s.engine_level);
    for (const auto& [name, value] : s.tags) tags[name] = value;  // an import's own names
    tags["Result"] = s.result;
    if (!s.reason.empty()) tags["Termination"] = s.reason;
    if (s.test_seed) tags["TestSeed"] = "the server fixed the seed for tests: it was never secret";
    std::vector<PlayedMove> played;
    for (const PlyNote& note : g.notes()) played.push_back(note.played);
    std::string text =
        g.referee() ? g.referee()->pgn(tags, g.over()) : write_pgn(g.start(), played, tags);
    // The movetext ends with the result the position shows; a resignation or a flag is ours.
    const size_t end = text.rfind(' ', text.size() - 2);
    const size_t token_at = end == std::string::npos ? text.rfind('\n', text.size() - 2) : end;
    if (token_at != std::string::npos) text = text.substr(0, token_at + 1) + s.result + "\n";
    return text;
}
void GameService::analyse(const json& body, std::function<void(int, json)> reply) {
    analyses_.analyse(body, std::move(reply));
}
GameService::Subscription GameService::subscribe(const std::string& id, const Credential& who,
                                                 Send send) {
    const std::shared_ptr<Room> r = room(id);
    std::lock_guard lock(r->mutex);
    const Seat seat = r->game->seat_of(who);
    return {r, r->subscribers.add(*r->game, seat, std::move(send), now_ms()), seat};
}

void GameService::unsubscribe(const Subscription& sub) {
    if (!sub.room) return;
    std::lock_guard lock(sub.room->mutex);
    sub.room->subscribers.remove(sub.id);
}
}  // namespace menagerie::server
