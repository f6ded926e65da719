// Black Swan on the server: the server referees, and no seat, spectator or export learns a hidden
// identity or the seed before the game ends (docs/server.md, "Refereed games").
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <set>

#include "cli_util.h"
#include "core/error.h"
#include "core/random_stream.h"
#include "core/record.h"
#include "core/rules.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "games/blackswan_draws.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "hidden/record.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/api_error.h"
#include "server/game_service.h"
#include "server/game_view.h"
#include "server/http_server.h"
#include "server/live_game.h"
#include "server/storage.h"
#include "server_client.h"
#include "service_fixtures.h"
#include "test_util.h"

namespace {

using namespace menagerie;
using namespace menagerie::test;
using menagerie::server::colour_name;
using menagerie::server::LiveGame;
using menagerie::server::Seat;

// Seed 1: White's e2 swan is the event "2 pieces, pawns possible" (a placement follows).
constexpr const char* SEED = "1";

std::string seed_hex() { return to_hex(*seed_from_text(SEED)); }

std::shared_ptr<const Game> referee_game() { return make_game("blackswan", {{"seed", SEED}}); }

// Squares whose swans the games below never move: a swan on its starting square cannot be
// taken, so these stay face down all game, and their identities may differ unseen.
const std::set<std::string> UNTOUCHED = {"a1", "b1", "a2", "b2", "a7", "b7", "a8", "b8"};

// The referee's start FEN with the identities of the swans on a1/b1, a2/b2, a7/b7 and a8/b8
// swapped: a different hidden truth with the same observable game.
std::string twin_fen(const Position& start) {
    const std::string fen = write_fen(start);
    const size_t board_end = fen.find(' ');
    std::vector<std::string> ranks(1);
    for (size_t i = 0; i < board_end; ++i) {
        if (fen[i] == '/')
            ranks.emplace_back();
        else
            ranks.back() += fen[i];
    }
    // Ranks 8, 7, 2 and 1 are full of men at the start: a token is a letter and its primes.
    for (size_t r : {0u, 1u, 6u, 7u}) {
        std::vector<std::string> men;
        for (char ch : ranks[r]) {
            if (ch == '\'')
                men.back() += ch;
            else
                men.emplace_back(1, ch);
        }
        EXPECT_EQ(men.size(), 8u);
        EXPECT_NE(men[0], men[1]);
        std::swap(men[0], men[1]);
        ranks[r].clear();
        for (const std::string& m : men) ranks[r] += m;
    }
    std::string board;
    for (const std::string& r : ranks) board += (board.empty() ? "" : "/") + r;
    return board + fen.substr(board_end);
}

server::StoredGame stored_game(const std::string& start_fen) {
    server::StoredGame s;
    s.id = "0123456789ab";
    s.variant = "blackswan";
    s.mode = "local";
    s.options = referee_game()->options;
    s.start_fen = start_fen;
    return s;
}

// Everything each seat is shown, and what each bad input is told, at one moment.
std::string shown(LiveGame& g) {
    std::string out;
    for (Seat seat : {Seat::White, Seat::Black, Seat::Both, Seat::Spectator})
        out += server::game_state(g, seat, 1000).dump() + "\n";
    for (const char* bad : {"e2e4:Q", "a1a2", "e4e5:2+NN", "zz", "Q@e3", "d7d5"}) {
        try {
            g.read_move(bad);
            out += std::string(bad) + ": read\n";
        } catch (const Error& e) {
            out += std::string(bad) + ": " + e.what() + "\n";
        }
    }
    out += g.referee()->pgn({{"Result", g.stored().result}}, g.over());
    return out;
}

// The strong form: two referees whose hidden identities differ (unrevealed swans swapped) show
// every seat byte-identical messages at every ply, though their positions differ.
TEST(BlackSwanReferee, SeatsAreShownTheSameWhateverTheHiddenIdentities) {
    const Position start = start_position(referee_game());
    LiveGame a(stored_game(write_fen(start)));
    LiveGame b(stored_game(twin_fen(start)));
    ASSERT_NE(write_fen(a.position()), write_fen(b.position()));
    std::mt19937 rng(7);
    int reveals = 0, placements = 0;
    for (int ply = 0; ply < (quick() ? 30 : 80) && !a.over(); ++ply) {
        ASSERT_EQ(shown(a), shown(b)) << "ply " << ply;
        const nlohmann::json legal = server::game_state(a, Seat::Both, 1000)["legal"];
        std::vector<std::string> allowed;
        for (const auto& m : legal)
            if (!UNTOUCHED.count(m["from"].get<std::string>())) allowed.push_back(m["uci"]);
        if (allowed.empty()) break;
        const std::string uci = ply == 0 ? "e2e4" : allowed[rng() % allowed.size()];
        a.play(a.read_move(uci), 1000);
        b.play(b.read_move(uci), 1000);
        const std::string told = a.notes().back().played.uci;
        reveals += told.find(':') != std::string::npos;
        placements += told.find('@') != std::string::npos;
        EXPECT_NE(write_fen(a.position()), write_fen(b.position()));
    }
    EXPECT_GE(reveals, 3);
    EXPECT_GE(placements, 1);
    ASSERT_EQ(shown(a), shown(b));
    if (!a.over()) {
        a.resign(Seat::Both);
        b.resign(Seat::Both);
    }
    ASSERT_EQ(shown(a), shown(b));
    EXPECT_NE(shown(a).find(seed_hex()), std::string::npos);  // the seed, once over
}

TEST(BlackSwanReferee, SeedOnlyAfterTheEndAndTheRecordVerifies) {
    LiveGame g(stored_game(write_fen(start_position(referee_game()))));
    for (const char* m : {"e2e4", "R@e4", "P@d3", "d7d5", "e4e5"}) g.play(g.read_move(m), 1000);
    EXPECT_EQ(shown(g).find(seed_hex()), std::string::npos);
    EXPECT_FALSE(server::game_state(g, Seat::Spectator, 1000)["blackswan"].contains("seed"));
    EXPECT_EQ(server::game_state(g, Seat::Spectator, 1000)["blackswan"]["commitment"],
              to_hex(commitment(*seed_from_text(SEED))));
    g.resign(Seat::Both);
    EXPECT_EQ(server::game_state(g, Seat::White, 1000)["blackswan"]["seed"], seed_hex());
    const Verdict v = verify_record(g.referee()->pgn({{"Result", g.stored().result}}, true));
    EXPECT_TRUE(v.honest) << v.message;
}

// A game stored before the stay step: the placement follows the reveal at once (the first drawn
// piece stayed). It replays as it was played, and is stored with the stay step from then on.
TEST(BlackSwanReferee, AGameStoredInTheOlderFormReplays) {
    LiveGame now(stored_game(write_fen(start_position(referee_game()))));
    for (const char* m : {"e2e4", "R@e4", "P@d3", "d7d5"}) now.play(now.read_move(m), 1000);
    server::StoredGame s = now.stored();
    ASSERT_EQ(s.moves.size(), 4u);
    EXPECT_EQ(s.moves[1], "R@e4");
    s.moves.erase(s.moves.begin() + 1);  // as it was stored before
    LiveGame old(s);
    EXPECT_EQ(old.stored().moves, now.stored().moves);
    EXPECT_EQ(old.ply(), 4);
    const json was = server::game_state(old, Seat::Both, 1000),
               is = server::game_state(now, Seat::Both, 1000);
    for (const char* field : {"fen", "moves", "legal", "turn"}) EXPECT_EQ(was[field], is[field]);
}

// The increment follows the turn: e2e4 reveals an event, White chooses which piece stays and
// places the other in the same turn, which earns one increment, not three; White's clock runs
// until the placement.
TEST(BlackSwanReferee, IncrementOncePerTurn) {
    server::StoredGame s = stored_game(write_fen(start_position(referee_game())));
    s.mode = "online";
    s.clock = server::StoredClock{60'000, 1'000, 60'000, 60'000, 0, false};
    LiveGame g(s);
    g.play(g.read_move("e2e4"), 10'000);
    ASSERT_EQ(g.position().side_to_move(), WHITE) << "seed 1's e2 swan brings a piece to place";
    EXPECT_EQ(g.clock_ms(WHITE, 10'000), 60'000);
    g.play(g.read_move("R@e4"), 11'000);
    EXPECT_EQ(g.clock_ms(WHITE, 11'000), 60'000);
    g.play(g.read_move("P@d3"), 12'000);  // the clock starts with White's first turn, not move
    EXPECT_EQ(g.clock_ms(WHITE, 12'000), 61'000);
    EXPECT_EQ(g.clock_ms(BLACK, 15'000), 57'000);  // Black's runs
    g.play(g.read_move("d7d5"), 15'000);
    EXPECT_EQ(g.clock_ms(BLACK, 15'000), 58'000);
    EXPECT_EQ(g.clock_ms(WHITE, 16'000), 60'000);
}

// Contributions that no-leak checks cannot mistake for a referee's board ("'/") or a seed.
constexpr const char* WHITE_GIVES = "white's own: 7 dice, 1 coin";
constexpr const char* BLACK_GIVES = "Black ~ 42 ~ !#$%&()*+,-./:;<=>?@[]^_`{|}";

// The referee's start that a seed and the players' contributions draw.
Position start_drawn_with(const std::string& white, const std::string& black) {
    const Seed key = mixed_seed(*seed_from_text(SEED), {white, black});
    return start_position(make_game("blackswan", {{"seed", to_hex(key)}}));
}

// The first move `asked` from a referee's `start`, as the referee announces it to the seats.
std::string announced(const Position& start, const std::string& asked) {
    GameRecord referee(start);
    const Move told =
        blackswan::announce(referee.position(), parse_move(referee.position(), asked));
    return view_of(referee.position(), WHITE).uci(told);
}

int status_of(const std::function<void()>& request) {
    try {
        request();
    } catch (const server::ApiError& e) {
        return e.status();
    }
    return 200;
}

// A contribution changes the hidden arrangement (the seats' view stays the same) and every draw
// after it; the state shows it, the stored record keeps it, and a game rebuilt from that record
// is the same game.
TEST(BlackSwanReferee, AContributionIsMixedIntoEveryDraw) {
    const std::string start = write_fen(start_position(referee_game()));
    LiveGame plain(stored_game(start)), mixed(stored_game(start));
    json state = server::game_state(mixed, Seat::Spectator, 1000)["blackswan"];
    EXPECT_EQ(state["contributions"], json({{"white", nullptr}, {"black", nullptr}}));
    EXPECT_EQ(state["contributions_open"], true);

    mixed.contribute(WHITE, WHITE_GIVES, 2000);
    EXPECT_NE(write_fen(mixed.position()), write_fen(plain.position()));
    EXPECT_EQ(write_fen(mixed.position()), write_fen(start_drawn_with(WHITE_GIVES, "")));
    mixed.contribute(BLACK, BLACK_GIVES, 2000);
    EXPECT_EQ(write_fen(mixed.position()), write_fen(start_drawn_with(WHITE_GIVES, BLACK_GIVES)));
    // The seats see the same face-down board either way.
    EXPECT_EQ(server::game_state(mixed, Seat::Both, 1000)["fen"],
              server::game_state(plain, Seat::Both, 1000)["fen"]);
    state = server::game_state(mixed, Seat::White, 1000)["blackswan"];
    EXPECT_EQ(state["contributions"], json({{"white", WHITE_GIVES}, {"black", BLACK_GIVES}}));
    EXPECT_EQ(mixed.stored().contributions,
              (std::map<std::string, std::string>{{"white", WHITE_GIVES}, {"black", BLACK_GIVES}}));

    // The first move is drawn with the key: the referee of the mixed start announces it.
    mixed.play(mixed.read_move("e2e4"), 3000);
    EXPECT_EQ(mixed.notes().back().played.uci,
              announced(start_drawn_with(WHITE_GIVES, BLACK_GIVES), "e2e4"));
    EXPECT_EQ(server::game_state(mixed, Seat::Both, 1000)["blackswan"]["contributions_open"],
              false);

    // Rebuilt from its stored record (as after a restart, or on another server).
    LiveGame rebuilt(server::from_record(server::to_record(mixed.stored())));
    EXPECT_EQ(write_fen(rebuilt.position()), write_fen(mixed.position()));
    EXPECT_EQ(server::game_state(rebuilt, Seat::White, 1000),
              server::game_state(mixed, Seat::White, 1000));
    while (mixed.side_to_move() == WHITE)  // the drawn pieces White owes: a finished record
        mixed.play(mixed.read_move(server::game_state(mixed, Seat::Both, 1000)["legal"][0]["uci"]),
                   3000);
    mixed.resign(Seat::Both);
    const std::string pgn = mixed.referee()->pgn({{"Result", mixed.stored().result}}, true);
    EXPECT_NE(pgn.find("[WhiteContribution \"" + std::string(WHITE_GIVES) + "\"]"),
              std::string::npos)
        << pgn;
    const Verdict v = verify_record(pgn);
    EXPECT_TRUE(v.honest) << v.message << "\n" << pgn;
}

TEST(BlackSwanReferee, ContributionsThatAreRefused) {
    LiveGame g(stored_game(write_fen(start_position(referee_game()))));
    const std::string before = write_fen(g.position());
    for (const std::string& bad :
         {std::string(), std::string(65, 'x'), std::string("say \"hi\""),
          std::string("back\\slash"), std::string("tab\there"), std::string("caf\xc3\xa9")})
        EXPECT_EQ(status_of([&] { g.contribute(WHITE, bad, 1000); }), 400) << quoted(bad);
    EXPECT_EQ(write_fen(g.position()), before);  // nothing taken
    EXPECT_TRUE(g.stored().contributions.empty());
    g.contribute(WHITE, std::string(64, '~'), 1000);                         // the longest
    EXPECT_EQ(status_of([&] { g.contribute(WHITE, "again", 1000); }), 409);  // once per side
    g.contribute(BLACK, " ", 1000);                                          // the shortest
    EXPECT_EQ(status_of([&] { g.contribute(BLACK, "again", 1000); }), 409);

    LiveGame moved(stored_game(write_fen(start_position(referee_game()))));
    moved.play(moved.read_move("e2e4"), 1000);
    EXPECT_EQ(status_of([&] { moved.contribute(BLACK, "late", 1000); }), 409);
    LiveGame resigned(stored_game(write_fen(start_position(referee_game()))));
    resigned.resign(Seat::Both);
    EXPECT_EQ(status_of([&] { resigned.contribute(WHITE, "late", 1000); }), 409);

    server::StoredGame chess;
    chess.id = "0123456789ac";
    chess.variant = "chess";
    chess.mode = "local";
    chess.start_fen = write_fen(start_position(make_game("chess")));
    LiveGame open(chess);
    EXPECT_EQ(status_of([&] { open.contribute(WHITE, "anything", 1000); }), 400);
    // A stored record with a contribution the referee refuses is no game.
    server::StoredGame bad = stored_game(write_fen(start_position(referee_game())));
    bad.contributions["white"] = "with \"quotes\"";
    EXPECT_THROW(LiveGame{bad}, std::runtime_error);
}

// An engine's line on a player's view ends at its first chance move: what follows depends on
// the outcome, which nobody knows, and the view cannot play the move without one (it tripped an
// assertion, found by fuzzing /api/analyse).
TEST(BlackSwanReferee, AnAnalysedLineEndsAtAChanceMove) {
    const Position view = start_position(make_game("blackswan", {{"view", "player"}}));
    Position pos = view;
    const Move reveal = parse_move(pos, "d2d4");  // the swan reaches its fourth rank: a reveal
    ASSERT_TRUE(is_chance_move(pos, reveal));
    const Move told = parse_move(pos, "d2d4:N");
    StateInfo st;
    pos.do_move(told, st);
    const Move reply = parse_move(pos, "a7a6:P");
    EXPECT_EQ(server::line_json(view, {reveal, reply}).size(), 1u);  // its outcome unknown
    const nlohmann::json told_line = server::line_json(view, {told, reply});
    ASSERT_EQ(told_line.size(), 2u);  // an announced outcome: the line goes on
    EXPECT_EQ(told_line[1]["uci"], "a7a6:P");
}

class BlackSwanServer : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::temp_dir("menagerie-swan");
        start(SEED);
    }
    // A server on the same database, with a test seed or (nullopt) secret random seeds.
    void start(const std::optional<std::string>& test_seed) {
        server_.reset();
        server::ServerOptions o;
        o.port = 0;
        o.db = (dir_ / "games.db").string();
        o.static_dir = (dir_ / "static").string();
        o.test_seed = test_seed;
        server_ = std::make_unique<server::Server>(o);
        server_->start();
        port_ = server_->port();
    }
    void TearDown() override {
        server_.reset();
        std::filesystem::remove_all(dir_);
    }
    HttpResult move(const std::string& id, const std::string& token, const std::string& m,
                    int ply) {
        return post(port_, "/api/games/" + id + "/move",
                    {{"token", token}, {"move", m}, {"ply", ply}});
    }
    HttpResult contribute(const std::string& id, const json& body, uint16_t port = 0) {
        return post(port ? port : port_, "/api/games/" + id + "/contribution", body);
    }

    std::filesystem::path dir_;
    std::unique_ptr<server::Server> server_;
    uint16_t port_ = 0;
};

// Every FEN in a JSON message (at any depth) is a view's: the referee's FEN writes face-down
// swans with a prime (P' N' E' ...), a view's never does.
void expect_view_fens(const json& j, const std::string& message) {
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) {
            if ((key == "fen" || key == "start_fen") && value.is_string()) {
                EXPECT_EQ(value.get<std::string>().find('\''), std::string::npos) << message;
            }
            expect_view_fens(value, message);
        }
    } else if (j.is_array()) {
        for (const json& e : j) expect_view_fens(e, message);
    }
}

// Whether a message may carry what it carries: before the end no seed, and any FEN a view's.
void expect_no_hidden(const std::string& message, bool over) {
    if (!over) {
        EXPECT_EQ(message.find(seed_hex()), std::string::npos) << message;
        EXPECT_EQ(message.find("\"seed\""), std::string::npos) << message;
        EXPECT_EQ(message.find("[Seed"), std::string::npos) << message;
    }
    // A PGN's FEN tag, or a FEN anywhere in words: no referee's board row.
    EXPECT_EQ(message.find("'/"), std::string::npos) << message;
    const json j = json::parse(message, nullptr, false);
    if (!j.is_discarded()) expect_view_fens(j, message);
}

TEST_F(BlackSwanServer, EveryMessageOfAWholeGameIsTheView) {
    const HttpResult created =
        post(port_, "/api/games", {{"variant", "blackswan"}, {"mode", "online"}});
    ASSERT_EQ(created.status, 201u) << created.body;
    const json c = created.json_body();
    const std::string id = c["id"];
    const std::map<std::string, std::string> token = {{"white", c["tokens"]["white"]},
                                                      {"black", c["tokens"]["black"]}};
    std::vector<std::pair<std::string, bool>> messages;  // text, whether the game was over
    auto keep = [&](const std::string& text, bool over) { messages.emplace_back(text, over); };
    WsClient white(port_, "/api/games/" + id + "/ws?token=" + token.at("white"));
    WsClient black(port_, "/api/games/" + id + "/ws?token=" + token.at("black"));
    WsClient watcher(port_, "/api/games/" + id + "/ws");
    for (WsClient* ws : {&white, &black, &watcher}) keep(ws->read().dump(), false);
    // Both seats give their randomness before the first move; each socket is told.
    for (const auto& given : {std::pair{"white", WHITE_GIVES}, std::pair{"black", BLACK_GIVES}}) {
        // Named copies: clang 14 cannot capture a structured binding in a lambda.
        const std::string side = given.first, text = given.second;
        const HttpResult r = contribute(id, {{"token", token.at(side)}, {"text", text}});
        ASSERT_EQ(r.status, 200u) << r.body;
        keep(r.body, false);
        for (WsClient* ws : {&white, &black, &watcher})
            keep(ws->read_until([&](const json& m) {
                       return m.contains("state") &&
                              m["state"]["blackswan"]["contributions"][side] == text;
                   }).dump(),
                 false);
    }

    // The referee, independently, with the key the contributions make: the view every message
    // must show, and the outcomes every move must have.
    GameRecord referee(start_drawn_with(WHITE_GIVES, BLACK_GIVES));
    PlayerView expected = view_of(referee.position(), WHITE);
    std::vector<std::string> view_at_ply = {expected.fen()};
    std::mt19937 rng(11);
    bool over = false;
    int ply = 0;
    for (; ply < (quick() ? 24 : 60) && !over; ++ply) {
        const std::string mover = colour_name(referee.position().side_to_move());
        const std::string other = mover == "white" ? "black" : "white";
        const HttpResult mine = get(port_, "/api/games/" + id + "?token=" + token.at(mover));
        const HttpResult theirs = get(port_, "/api/games/" + id + "?token=" + token.at(other));
        const HttpResult spectator = get(port_, "/api/games/" + id);
        for (const HttpResult* r : {&mine, &theirs, &spectator}) keep(r->body, false);
        const json s = mine.json_body();
        EXPECT_EQ(s["fen"], expected.fen());
        EXPECT_TRUE(theirs.json_body()["legal"].empty());
        EXPECT_TRUE(spectator.json_body()["legal"].empty());
        std::set<std::string> legal, want;
        for (const json& m : s["legal"]) legal.insert(m["uci"]);
        for (Move m : expected.legal_moves()) want.insert(expected.uci(m));
        ASSERT_EQ(legal, want) << "ply " << ply;
        const std::string uci =
            ply == 0 ? "e2e4" : s["legal"][rng() % s["legal"].size()]["uci"].get<std::string>();

        // Refused: the other seat, a spectator, a forged outcome, a wrong placement.
        const HttpResult wrong_seat = move(id, token.at(other), uci, ply);
        EXPECT_EQ(wrong_seat.status, 409u);
        const HttpResult no_seat = move(id, "feedface", uci, ply);
        EXPECT_EQ(no_seat.status, 403u);
        const HttpResult forged = move(id, token.at(mover), uci + ":Q", ply);
        EXPECT_EQ(forged.status, 400u);
        const HttpResult bad_place = move(id, token.at(mover), "N@h6", ply);
        EXPECT_EQ(bad_place.status, 400u);
        for (const HttpResult* r : {&wrong_seat, &no_seat, &forged, &bad_place})
            keep(r->body, false);

        if (ply % 2 == 0) {
            const HttpResult r = move(id, token.at(mover), uci, ply);
            ASSERT_EQ(r.status, 200u) << r.body;
            over = r.json_body()["status"] == "over";
            keep(r.body, over);
        } else {
            (mover == "white" ? white : black)
                .send({{"type", "move"}, {"move", uci}, {"ply", ply}});
        }
        const Move m = parse_move(referee.position(), uci);
        const Move told = blackswan::announce(referee.position(), m);
        const std::string told_text = expected.uci(told);
        expected.play(told);
        view_at_ply.push_back(expected.fen());
        referee.play(told);
        for (WsClient* ws : {&white, &black, &watcher}) {
            const json pushed =
                ws->read_until([&](const json& msg) { return msg["state"]["ply"] == ply + 1; });
            over = pushed["state"]["status"] == "over";
            EXPECT_EQ(pushed["state"]["moves"].back()["uci"], told_text);
            keep(pushed.dump(), over);
        }
        const HttpResult pgn = get(port_, "/api/games/" + id + "/pgn");
        keep(pgn.body, over);
        keep(get(port_, "/api/games").body, over);
    }
    EXPECT_GE(ply, 10);
    // Takeback and import are refused for a refereed game.
    const HttpResult back =
        post(port_, "/api/games/" + id + "/takeback", {{"token", token.at("white")}});
    EXPECT_EQ(back.status, 400u);
    keep(back.body, over);
    if (!over) {
        const HttpResult r =
            post(port_, "/api/games/" + id + "/resign", {{"token", token.at("white")}});
        ASSERT_EQ(r.status, 200u) << r.body;
        keep(r.body, true);
    }
    for (WsClient* ws : {&white, &black, &watcher}) {
        const json last =
            ws->read_until([](const json& msg) { return msg["state"]["status"] == "over"; });
        EXPECT_EQ(last["state"]["blackswan"]["seed"], seed_hex());
        keep(last.dump(), true);
    }
    const HttpResult pgn = get(port_, "/api/games/" + id + "/pgn");
    EXPECT_NE(pgn.body.find("[Seed \"" + seed_hex() + "\"]"), std::string::npos) << pgn.body;
    EXPECT_NE(pgn.body.find("[BlackContribution \"" + std::string(BLACK_GIVES) + "\"]"),
              std::string::npos)
        << pgn.body;
    const Verdict v = verify_record(pgn.body);
    EXPECT_TRUE(v.honest) << v.message << "\n" << pgn.body;
    for (const auto& [text, was_over] : messages) expect_no_hidden(text, was_over);
    EXPECT_GT(messages.size(), 100u);
    // Every frame each socket received, those read_until() passed over included: only a frame
    // whose own state is over may hold the seed.
    for (const WsClient* ws : {&white, &black, &watcher}) {
        EXPECT_GT(ws->frames().size(), static_cast<size_t>(ply));
        for (const std::string& frame : ws->frames()) {
            const json j = json::parse(frame, nullptr, false);
            ASSERT_FALSE(j.is_discarded()) << frame;
            const bool frame_over = j.contains("state") && j["state"]["status"] == "over";
            expect_no_hidden(frame, frame_over);
            if (!j.contains("state")) continue;  // an error
            // The board it shows is the view at its ply, never the referee's.
            const size_t at = j["state"]["ply"].get<size_t>();
            ASSERT_LT(at, view_at_ply.size()) << frame;
            EXPECT_EQ(j["state"]["fen"], view_at_ply[at]) << frame;
        }
    }
}

// The contribution route: each seat gives its own side's text once, before the first move; the
// state and the export show them, they survive a restart and reach a second server sharing the
// database, and `menagerie verify` finds the exported game honest.
TEST_F(BlackSwanServer, SeatsContributeOverHttp) {
    const json c =
        post(port_, "/api/games", {{"variant", "blackswan"}, {"mode", "online"}}).json_body();
    const std::string id = c["id"], white = c["tokens"]["white"], black = c["tokens"]["black"];
    auto refused = [&](const json& body, unsigned status, const std::string& words) {
        const HttpResult r = contribute(id, body);
        EXPECT_EQ(r.status, status) << body.dump() << " " << r.body;
        EXPECT_NE(r.json_body().value("error", "").find(words), std::string::npos)
            << body.dump() << " " << r.body;
    };
    refused({{"text", "no seat"}}, 403, "needs the token of a seat");
    refused({{"token", "feedface"}, {"text", "a wrong token"}}, 403, "holds no seat");
    refused({{"token", black}, {"text", "White's?"}, {"color", "white"}}, 403,
            "black's contribution only");
    refused({{"token", black}, {"color", "green"}, {"text", "x"}}, 400, "white or black");
    refused({{"token", black}}, 400, "\"text\" is missing");
    refused({{"token", black}, {"text", 42}}, 400, "must be a string");
    refused({{"token", black}, {"text", "x"}, {"seed", "1"}}, 400, "unknown field");
    refused({{"token", black}, {"text", "a \"quote\""}}, 400, "printable characters");
    refused({{"token", black}, {"text", std::string(65, 'x')}}, 400, "1 to 64");
    EXPECT_TRUE(get(port_, "/api/games/" + id)
                    .json_body()["blackswan"]["contributions"]["black"]
                    .is_null());

    const HttpResult given = contribute(id, {{"token", black}, {"text", BLACK_GIVES}});
    ASSERT_EQ(given.status, 200u) << given.body;
    EXPECT_EQ(given.json_body()["seat"], "black");
    EXPECT_EQ(given.json_body()["blackswan"]["contributions"],
              json({{"white", nullptr}, {"black", BLACK_GIVES}}));
    refused({{"token", black}, {"text", "twice"}}, 409, "once per side");

    // A second server on the same database sees it, and takes White's.
    server::ServerOptions o;
    o.port = 0;
    o.db = (dir_ / "games.db").string();
    o.test_seed = SEED;
    server::Server other(o);
    other.start();
    const HttpResult there =
        contribute(id, {{"token", white}, {"text", WHITE_GIVES}}, other.port());
    ASSERT_EQ(there.status, 200u) << there.body;
    EXPECT_EQ(there.json_body()["blackswan"]["contributions"],
              json({{"white", WHITE_GIVES}, {"black", BLACK_GIVES}}));
    EXPECT_EQ(there.json_body()["blackswan"]["contributions_open"], true);

    // This server's copy is behind: its move is refused, and the game reloaded has White's.
    EXPECT_EQ(move(id, white, "e2e4", 0).status, 409u);
    const HttpResult first = move(id, white, "e2e4", 0);
    ASSERT_EQ(first.status, 200u) << first.body;
    EXPECT_EQ(first.json_body()["moves"][0]["uci"],
              announced(start_drawn_with(WHITE_GIVES, BLACK_GIVES), "e2e4"));
    EXPECT_EQ(first.json_body()["blackswan"]["contributions_open"], false);
    refused({{"token", white}, {"text", "late"}}, 409, "first move");
    // A few turns more, to a turn's end (no drawn piece owed), for a record that is finished.
    json s = first.json_body();
    while (s["status"] == "playing") {
        const std::string mover = s["turn"] == "white" ? white : black;
        const json mine = get(port_, "/api/games/" + id + "?token=" + mover).json_body();
        ASSERT_FALSE(mine["legal"].empty());
        const json m = mine["legal"][0];
        if (mine["ply"].get<int>() >= 6 && m["from"] != m["to"]) break;
        const HttpResult r = move(id, mover, m["uci"], mine["ply"]);
        ASSERT_EQ(r.status, 200u) << r.body;
        s = r.json_body();
    }

    // A restart keeps them; the finished game's export verifies from the command line.
    start(SEED);
    const json after = get(port_, "/api/games/" + id + "?token=" + white).json_body();
    EXPECT_EQ(after["blackswan"]["contributions"],
              json({{"white", WHITE_GIVES}, {"black", BLACK_GIVES}}));
    EXPECT_EQ(after["moves"], s["moves"]);
    ASSERT_EQ(post(port_, "/api/games/" + id + "/resign", {{"token", black}}).status, 200u);
    const std::string pgn = get(port_, "/api/games/" + id + "/pgn").body;
    for (const std::string& tag : {"[WhiteContribution \"" + std::string(WHITE_GIVES) + "\"]",
                                   "[BlackContribution \"" + std::string(BLACK_GIVES) + "\"]"})
        EXPECT_NE(pgn.find(tag), std::string::npos) << pgn;
    const RunResult verified = run("verify " + write_temp("contributed.pgn", pgn));
    EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
    EXPECT_NE(verified.out.find("honest"), std::string::npos) << verified.out;
    // The same record without its contributions is dishonest: they were mixed in.
    std::string stripped = pgn;
    stripped.erase(stripped.find("[BlackContribution"),
                   stripped.find('\n', stripped.find("[BlackContribution")) + 1 -
                       stripped.find("[BlackContribution"));
    EXPECT_EQ(run("verify " + write_temp("stripped.pgn", stripped)).status, 1);
}

// A local game's one seat gives either side's text and says which; a game without chance takes
// none.
TEST_F(BlackSwanServer, TheBothSeatNamesItsSide) {
    const json c =
        post(port_, "/api/games", {{"variant", "blackswan"}, {"mode", "local"}}).json_body();
    const std::string id = c["id"], both = c["tokens"]["both"];
    const HttpResult unnamed = contribute(id, {{"token", both}, {"text", "which?"}});
    EXPECT_EQ(unnamed.status, 400u);
    EXPECT_NE(unnamed.json_body()["error"].get<std::string>().find("\"color\""), std::string::npos)
        << unnamed.body;
    for (const char* side : {"black", "white"})
        ASSERT_EQ(contribute(id, {{"token", both}, {"text", side}, {"color", side}}).status, 200u);
    EXPECT_EQ(get(port_, "/api/games/" + id).json_body()["blackswan"]["contributions"],
              json({{"white", "white"}, {"black", "black"}}));
    const json chess =
        post(port_, "/api/games", {{"variant", "chess"}, {"mode", "local"}}).json_body();
    const HttpResult none = contribute(
        chess["id"], {{"token", chess["tokens"]["both"]}, {"text", "x"}, {"color", "white"}});
    EXPECT_EQ(none.status, 400u);
    EXPECT_NE(none.body.find("refereed games"), std::string::npos) << none.body;
    EXPECT_EQ(contribute("0123456789ab", {{"text", "x"}}).status, 404u);
}

// Without --test-seed every game has a secret seed of its own; with it, the game's state and
// its PGN say that its seed was fixed.
TEST_F(BlackSwanServer, SeedsAreSecretUnlessATestSeedIsSaid) {
    const json create = {{"variant", "blackswan"}, {"mode", "local"}};
    auto commitment_of_new_game = [&] {
        const json c = post(port_, "/api/games", create).json_body();
        const json state = get(port_, "/api/games/" + c["id"].get<std::string>()).json_body();
        return std::make_pair(c["id"].get<std::string>(), state["blackswan"]);
    };
    const auto [fixed_id, fixed] = commitment_of_new_game();
    EXPECT_EQ(fixed["commitment"], to_hex(commitment(*seed_from_text(SEED))));
    EXPECT_EQ(fixed["test_seed"], true);
    EXPECT_NE(get(port_, "/api/games/" + fixed_id + "/pgn").body.find("[TestSeed "),
              std::string::npos);

    start(std::nullopt);
    const auto [first_id, first] = commitment_of_new_game();
    const auto [second_id, second] = commitment_of_new_game();
    EXPECT_NE(first["commitment"], second["commitment"]);
    EXPECT_NE(first["commitment"], fixed["commitment"]);
    EXPECT_FALSE(first.contains("test_seed"));
    EXPECT_EQ(get(port_, "/api/games/" + first_id + "/pgn").body.find("TestSeed"),
              std::string::npos);
    // The game made under the test seed still says so after the restart.
    EXPECT_EQ(get(port_, "/api/games/" + fixed_id).json_body()["blackswan"]["test_seed"], true);
}

TEST_F(BlackSwanServer, RefusedRequests) {
    for (const json& body : {
             json({{"variant", "blackswan"}, {"mode", "local"}, {"options", {{"seed", "5"}}}}),
             json({{"variant", "blackswan"}, {"mode", "local"}, {"options", {{"view", "player"}}}}),
             json({{"variant", "blackswan"},
                   {"mode", "local"},
                   {"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - 0 -"}}),
             json({{"variant", "blackswan"},
                   {"mode", "local"},
                   {"pgn", "[Variant \"blackswan\"]\n\n*\n"}}),
         }) {
        const HttpResult r = post(port_, "/api/games", body);
        EXPECT_EQ(r.status, 400u) << body.dump() << " " << r.body;
        EXPECT_EQ(r.body.find(seed_hex()), std::string::npos);
    }
    const json c =
        post(port_, "/api/games", {{"variant", "blackswan"}, {"mode", "local"}}).json_body();
    const std::string id = c["id"], both = c["tokens"]["both"];
    // Outcomes are the referee's to draw; placements go only where the rules allow.
    EXPECT_EQ(move(id, both, "e2e4:2+RP", 0).status, 400u);
    EXPECT_EQ(move(id, both, "Se4:Q", 0).status, 400u);
    ASSERT_EQ(move(id, both, "e2e4", 0).status, 200u);
    // A rook and a pawn: White first chooses which stays on e4. The state lists the two stay
    // steps, each from and to e4 with the piece's token (as a promotion's choices).
    const json choosing = get(port_, "/api/games/" + id + "?token=" + both).json_body();
    ASSERT_EQ(choosing["legal"].size(), 2u) << choosing["legal"].dump();
    std::set<std::string> tokens;
    for (const json& m : choosing["legal"]) {
        EXPECT_EQ(m["from"], "e4");
        EXPECT_EQ(m["to"], "e4");
        EXPECT_EQ(m["uci"], m["promotion"].get<std::string>() + "@e4");
        EXPECT_EQ(m["stays"], true);
        tokens.insert(m["promotion"].get<std::string>());
    }
    EXPECT_EQ(tokens, (std::set<std::string>{"P", "R"}));
    EXPECT_EQ(move(id, both, "d7d5", 1).status, 400u);   // White still places drawn pieces
    EXPECT_EQ(move(id, both, "P@d3", 1).status, 400u);   // the choice of the piece that stays first
    EXPECT_EQ(move(id, both, "N@e4", 1).status, 400u);   // no knight was drawn
    const HttpResult stays = move(id, both, "P@e4", 1);  // the pawn stays: the rook is owed
    ASSERT_EQ(stays.status, 200u) << stays.body;
    EXPECT_EQ(stays.json_body()["turn"], "white");
    EXPECT_EQ(move(id, both, "P@h6", 2).status, 400u);
    EXPECT_EQ(move(id, both, "P@d3", 2).status, 400u);  // the piece owed is a rook
    const json after_stay = get(port_, "/api/games/" + id + "?token=" + both).json_body();
    for (const json& m : after_stay["legal"])
        EXPECT_FALSE(m.contains("stays")) << m.dump();  // placements now
    const HttpResult placed = move(id, both, "R@d3", 2);
    ASSERT_EQ(placed.status, 200u) << placed.body;
    EXPECT_EQ(placed.json_body()["moves"][1]["uci"], "P@e4");
    EXPECT_EQ(placed.json_body()["moves"][2]["uci"], "R@d3");
    EXPECT_EQ(placed.json_body()["turn"], "black");
    EXPECT_EQ(post(port_, "/api/games/" + id + "/takeback", {{"token", both}}).status, 400u);
    EXPECT_EQ(get(port_, "/api/games/" + id).json_body()["ply"], 3);
    // An analysis never searches a referee's position (it would hold hidden identities).
    const HttpResult analyse =
        post(port_, "/api/analyse", {{"variant", "blackswan"}, {"depth", 1}});
    EXPECT_EQ(analyse.status, 400u) << analyse.body;
    // On a player's view, a chance move of the moves to analyse says what it revealed.
    const json view = {{"view", "player"}};
    const HttpResult untold =
        post(port_, "/api/analyse",
             {{"variant", "blackswan"}, {"options", view}, {"moves", {"e2e4"}}, {"depth", 1}});
    EXPECT_EQ(untold.status, 400u) << untold.body;
    EXPECT_NE(untold.body.find("needs its outcome"), std::string::npos) << untold.body;
}

}  // namespace

namespace {

// Engine mode: the engine searches the view and the referee plays its move. Runs once the engine
// plays Black Swan (engine::played_game_names lists it); until then engine mode is refused.
TEST_F(BlackSwanServer, EngineModePlaysOnTheView) {
    const json body = {{"variant", "blackswan"},
                       {"mode", "engine"},
                       {"engine", {{"color", "black"}, {"level", 1}}}};
    const std::vector<std::string> played = engine::played_game_names();
    if (std::count(played.begin(), played.end(), "blackswan") == 0) {
        EXPECT_EQ(post(port_, "/api/games", body).status, 400u);
        GTEST_SKIP() << "the engine does not play blackswan yet: engine mode is refused";
    }
    const HttpResult created = post(port_, "/api/games", body);
    ASSERT_EQ(created.status, 201u) << created.body;
    const std::string id = created.json_body()["id"];
    const std::string token = created.json_body()["tokens"]["white"];
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + token);
    std::vector<std::string> messages{ws.read().dump()};
    ASSERT_EQ(move(id, token, "e2e4", 0).status, 200u);
    ASSERT_EQ(move(id, token, "R@e4", 1).status, 200u);
    ASSERT_EQ(move(id, token, "P@d3", 2).status, 200u);
    // The engine's reply (and its placements, if it turned over an event) comes as pushes.
    json s = ws.read_until([&](const json& m) {
        messages.push_back(m.dump());
        return m["state"]["turn"] == "white" && m["state"]["ply"].get<int>() >= 4;
    })["state"];
    for (int i = 0; i < 3 && s["status"] == "playing"; ++i) {
        ASSERT_FALSE(s["legal"].empty());
        const int ply = s["ply"];
        ASSERT_EQ(move(id, token, s["legal"][0]["uci"], ply).status, 200u);
        s = ws.read_until([&](const json& m) {
            messages.push_back(m.dump());
            return (m["state"]["turn"] == "white" && m["state"]["ply"].get<int>() > ply) ||
                   m["state"]["status"] == "over";
        })["state"];
    }
    EXPECT_EQ(s["engine"]["thinking"], false);
    for (const std::string& m : messages)
        expect_no_hidden(m, m.find("\"status\":\"over\"") != std::string::npos);
}

}  // namespace

namespace {

// GameService on its own: an engine that moves first waits on a timer for the seat's
// contribution.
class BlackSwanService : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::temp_dir("menagerie-swan-service");
        store_ = server::open_sqlite_storage((dir_ / "games.db").string());
        games_ = std::make_unique<server::GameService>(*store_, timers_.io.get_executor(), 1);
        games_->fix_refereed_seeds(SEED);
    }
    void TearDown() override {
        games_.reset();
        store_.reset();
        std::filesystem::remove_all(dir_);
    }
    json engine_plays_white() {
        return games_->create({{"variant", "blackswan"},
                               {"mode", "engine"},
                               {"engine", {{"color", "white"}, {"level", 1}}}});
    }

    RunningTimers timers_;
    std::filesystem::path dir_;
    std::unique_ptr<server::Storage> store_;
    std::unique_ptr<server::GameService> games_;
};

// The engine's first move is the first draw: it waits for the human seat's contribution, and is
// drawn with it; after it, the seat's contribution is refused.
TEST_F(BlackSwanService, TheEnginesFirstMoveWaitsForTheSeatsContribution) {
    games_->wait_for_contributions(std::chrono::minutes(1));
    const json g = engine_plays_white();
    const std::string id = g["id"], black = g["tokens"]["black"];
    Inbox inbox;
    const auto sub = games_->subscribe(id, black, inbox.sender());
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const json waiting = games_->state(id, black);
    EXPECT_EQ(waiting["ply"], 0);
    EXPECT_EQ(waiting["engine"]["thinking"], false);
    EXPECT_EQ(waiting["blackswan"]["contributions_open"], true);
    EXPECT_EQ(status_of([&] { games_->contribute(id, black, "White's?", "white"); }), 403);

    games_->contribute(id, black, BLACK_GIVES, nullptr);
    const json moved = inbox.state_at(1);
    ASSERT_FALSE(moved.is_null()) << "the engine never moved";
    EXPECT_EQ(moved["blackswan"]["contributions"]["black"], BLACK_GIVES);
    const std::string uci = moved["moves"][0]["uci"];
    EXPECT_EQ(uci, announced(start_drawn_with("", BLACK_GIVES), uci.substr(0, uci.find(':'))));
    EXPECT_EQ(status_of([&] { games_->contribute(id, black, "late", nullptr); }), 409);
    server::GameService::unsubscribe(sub);
}

// A seat that gives nothing holds the engine back no longer than the wait.
TEST_F(BlackSwanService, WithoutAContributionTheEngineMovesOnceTheWaitIsOver) {
    games_->wait_for_contributions(std::chrono::milliseconds(400));
    const auto created = std::chrono::steady_clock::now();
    const json g = engine_plays_white();
    const std::string id = g["id"], black = g["tokens"]["black"];
    Inbox inbox;
    const auto sub = games_->subscribe(id, black, inbox.sender());
    const json moved = inbox.state_at(1);
    ASSERT_FALSE(moved.is_null()) << "the engine never moved";
    EXPECT_GE(std::chrono::steady_clock::now() - created, std::chrono::milliseconds(400));
    EXPECT_TRUE(moved["blackswan"]["contributions"]["black"].is_null());
    const std::string uci = moved["moves"][0]["uci"];
    EXPECT_EQ(uci, announced(start_position(referee_game()), uci.substr(0, uci.find(':'))));
    EXPECT_EQ(status_of([&] { games_->contribute(id, black, "late", nullptr); }), 409);
    server::GameService::unsubscribe(sub);
}

}  // namespace
