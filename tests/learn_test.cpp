// The learning pipeline: training data written, resumed and read back; the network's
// incremental accumulators against a fresh sum; and datagen, train and play end to end.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <random>

#include "cli_util.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "engine/eval.h"
#include "engine/nnue.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "learn/fit_terms.h"
#include "learn/trainer.h"
#include "learn/training_data.h"
#include "notation/fen.h"
#include "test_util.h"

namespace menagerie {
namespace {

using learn::TrainingPosition;

TEST(TrainingData, WrittenGamesReadBackAndACutBlockIsDroppedOnResume) {
    const auto game = make_game("contemporary");
    const std::string path = test::temp_file("data.dat");
    const Position start = setup_position(game, 7);
    std::vector<TrainingPosition> first{learn::record_of(start, 31, 10)};
    {
        learn::DataWriter w(path, learn::header_of(*game));
        w.write_game(4, 1, first);
        w.write_game(9, -1, first);
    }
    // A run killed while writing its next game leaves a block cut short.
    const auto whole = std::filesystem::file_size(path);
    {
        std::ofstream cut(path, std::ios::binary | std::ios::app);
        cut << std::string("\x0b\0\0\0\x03\0\x01\0\x01\x20", 10);
    }
    learn::DataWriter resumed(path, learn::header_of(*game));
    EXPECT_EQ(std::filesystem::file_size(path), whole);
    EXPECT_EQ(resumed.done(), (std::set<uint32_t>{4, 9}));
    EXPECT_EQ(resumed.positions(), 2u);
    const learn::DataFile f = learn::read_data(path);
    ASSERT_EQ(f.positions.size(), 2u);
    const TrainingPosition& p = f.positions[0];
    EXPECT_EQ(p.score, 31);
    EXPECT_EQ(p.ply, 10);
    EXPECT_EQ(p.result, 1);
    EXPECT_EQ(f.positions[1].result, -1);
    EXPECT_EQ(learn::position_of(game, p).board(), start.board());
    // Another game's data is not appended to this file.
    EXPECT_THROW(learn::DataWriter(path, learn::header_of(*make_game("chess66"))), Error);
    std::filesystem::remove(path);
}

TEST(TrainingData, ABlackSwanViewKeepsTheUnseenTiles) {
    const Position referee = start_position(make_game("blackswan", {{"seed", "5"}}));
    const Position view = view_of(referee, WHITE).position();
    const TrainingPosition p = learn::record_of(view, 0, 0);
    const learn::DataHeader h = learn::header_of(view.game());
    EXPECT_EQ(h.extra, 2 * TILE_KINDS_MAX);
    ASSERT_EQ(p.extra.size(), static_cast<size_t>(h.extra));
    const Position back = learn::position_of(learn::game_of(h), p);
    EXPECT_EQ(back.state().chance.unseen, view.state().chance.unseen);
    EXPECT_EQ(back.board(), view.board());
    int unseen = 0;
    for (uint8_t u : back.state().chance.unseen[WHITE]) unseen += u;
    EXPECT_GT(unseen, 0);
}

// The left-right mirror the trainer's --mirror adds: each man on its cell's image, the side to
// move and score kept; twice is the position itself.
TEST(TrainingData, AMirroredPositionHasEachManOnItsCellsImage) {
    const auto game = make_game("chess");
    const Position start = start_position(game);
    const TrainingPosition p = learn::record_of(start, 35, 4);
    const std::vector<Square> image = learn::file_mirror(game->geometry);
    ASSERT_EQ(image.size(), static_cast<size_t>(game->geometry.size()));
    const TrainingPosition q = learn::mirror_files(p, image);
    const Position mirrored = learn::position_of(game, q);
    const Geometry& g = game->geometry;
    EXPECT_EQ(mirrored.board()[g.find("d1")], start.board()[g.find("e1")]);
    EXPECT_EQ(mirrored.board()[g.find("e8")], start.board()[g.find("d8")]);
    EXPECT_EQ(mirrored.board()[g.find("b1")], start.board()[g.find("g1")]);
    EXPECT_EQ(mirrored.side_to_move(), start.side_to_move());
    EXPECT_EQ(q.score, 35);
    const TrainingPosition back = learn::mirror_files(q, image);
    EXPECT_EQ(back.occupied, p.occupied);
    EXPECT_EQ(back.men, p.men);
    // Chess 66 has a cell beside the board on each side, at different ranks: no mirror there.
    EXPECT_TRUE(learn::file_mirror(make_game("chess66")->geometry).empty());
    EXPECT_EQ(learn::file_mirror(make_game("chess2016")->geometry).size(), 96u);
}

// A network of random weights on the 8 x 8 family (as a trainer's first step would have).
std::shared_ptr<engine::nnue::Network> random_network(const Game& game, int hidden) {
    auto net = std::make_shared<engine::nnue::Network>();
    net->family = engine::nnue::family_of(game);
    net->features = engine::nnue::FeatureMap(game).features();
    net->hidden = hidden;
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> w(-400, 400), out(-120, 120);
    for (int i = 0; i < net->features * hidden; ++i)
        net->w1.push_back(static_cast<int16_t>(w(rng)));
    for (int i = 0; i < hidden; ++i) net->b1.push_back(static_cast<int16_t>(w(rng)));
    for (int i = 0; i < 2 * hidden; ++i) net->w2.push_back(static_cast<int16_t>(out(rng)));
    net->b2 = 1234;
    return net;
}

// The accumulators brought up to date from an earlier ply give what a fresh sum gives, along
// random games of every board (with captures, castling, promotions, switches).
TEST(Network, IncrementalEvaluationEqualsAFreshOne) {
    for (const std::string name : {"contemporary", "placement", "chess66", "chess2016"}) {
        const auto game = make_game(name);
        const auto net = random_network(*game, 64);
        engine::nnue::Evaluator incremental;
        for (int trial = 0; trial < 4; ++trial) {
            std::mt19937 rng(static_cast<unsigned>(trial));
            Position pos = start_position(game, std::nullopt, trial);
            incremental.set(net, *game);
            std::deque<StateInfo> states;
            std::vector<Move> played;
            for (int ply = 0; ply < 120; ++ply) {
                ASSERT_EQ(incremental.evaluate(pos, static_cast<int>(played.size())),
                          incremental.evaluate_fresh(pos))
                    << name << " after " << played.size() << " moves";
                MoveList legal;
                generate_legal(pos, legal);
                if (legal.size() == 0) break;
                // Now and then a move is taken back, as a search does.
                if (!played.empty() && rng() % 4 == 0) {
                    pos.undo_move(played.back());
                    played.pop_back();
                    states.pop_back();
                    continue;
                }
                const Move m = legal.moves[rng() % static_cast<unsigned>(legal.size())];
                states.emplace_back();
                pos.do_move(m, states.back());
                played.push_back(m);
            }
        }
    }
}

TEST(Network, AFileThatIsNoNetworkIsRefusedByName) {
    const std::string path = test::write_temp("bad.nnue", "MNGNNUE1 and then nothing");
    try {
        engine::nnue::load_network(path);
        FAIL() << "read a file that is no network";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("bad.nnue"), std::string::npos) << e.what();
    }
    const auto game = make_game("chess");
    const std::string bytes = engine::nnue::serialise(*random_network(*game, 32));
    const engine::nnue::Network back = engine::nnue::parse_network(bytes, "round trip");
    EXPECT_EQ(back.w1, random_network(*game, 32)->w1);
    EXPECT_EQ(back.b2, 1234);
    EXPECT_THROW(engine::nnue::parse_network(bytes.substr(0, bytes.size() - 1), "cut"), Error);
}

// datagen, train, and the engine playing with the network written: the whole pipeline on a
// few games.
TEST(Learning, DatagenTrainAndPlayEndToEnd) {
    const auto dir = test::temp_dir("learn");
    const std::string data1 = (dir / "a.dat").string(), data2 = (dir / "b.dat").string();
    const std::string net = (dir / "net.nnue").string();
    for (const std::string shard : {"1/2", "2/2"}) {
        const test::RunResult r =
            test::run("datagen --variant contemporary --games 6 --nodes 400 --seed 5 --shard " +
                      shard + " --out " + (shard == "1/2" ? data1 : data2));
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_NE(r.out.find("games 3"), std::string::npos) << r.out;
    }
    // Shards partition the games; a second run of a shard finds it done.
    const learn::DataFile a = learn::read_data(data1), b = learn::read_data(data2);
    EXPECT_EQ(a.games, (std::set<uint32_t>{0, 2, 4}));
    EXPECT_EQ(b.games, (std::set<uint32_t>{1, 3, 5}));
    EXPECT_GT(a.positions.size() + b.positions.size(), 100u);
    const auto again = test::run(
        "datagen --variant contemporary --games 6 --nodes 400 --seed 5 "
        "--shard 1/2 --out " +
        data1);
    EXPECT_NE(again.err.find("3 of 3 games already"), std::string::npos) << again.err;
    EXPECT_EQ(learn::read_data(data1).positions.size(), a.positions.size());

    std::ostringstream log;
    learn::TrainSettings s;
    s.data = {data1, data2};
    s.out = net;
    s.hidden = 32;
    s.epochs = 6;
    s.batch = 64;
    s.validation = 0;
    const learn::TrainReport report = learn::train(s, log);
    EXPECT_LT(report.train_loss.back(), report.train_loss.front()) << log.str();
    // With --mirror each position is trained on twice, once as in a looking glass.
    {
        learn::TrainSettings m = s;
        m.mirror = true;
        m.epochs = 1;
        m.out = (dir / "mirrored.nnue").string();
        std::ostringstream mirror_log;
        EXPECT_EQ(learn::train(m, mirror_log).positions, 2 * report.positions) << mirror_log.str();
    }
    // The file loads, serves the game's family, and the engine plays with it.
    EXPECT_EQ(engine::nnue::load_network(net).family,
              engine::nnue::family_of(*make_game("contemporary")));
    const test::RunResult r = test::run(
        "uci",
        "uci\nsetoption name UCI_Variant value contemporary\nsetoption name EvalFile value " + net +
            "\nposition startpos\ngo depth 6\nquit\n");
    EXPECT_EQ(r.out.find("error"), std::string::npos) << r.out;
    EXPECT_NE(
        r.out.find("EvalFile " + net + ": the network of 8x8:pawn,knight,bishop,rook,queen,king"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("bestmove "), std::string::npos) << r.out;

    // The hand-made evaluation's terms fitted to the same data: the loss falls, the file reads
    // back as that family's terms, and the engine takes it by UCI.
    const std::string terms = (dir / "contemporary.terms").string();
    learn::FitSettings f;
    f.data = {data1, data2};
    f.out = terms;
    f.rounds = 1;
    f.steps = 60;
    f.validation = 0;
    f.cell_min = 1;
    f.mobility_min = 1;
    f.king_attack_min = 1;
    f.passer_min = 1;
    f.threat_min = 1;
    f.pawns_min = 1;
    f.defended_min = 1;
    std::ostringstream fit_log;
    const learn::FitReport fitted = learn::fit_terms(f, fit_log);
    EXPECT_LT(fitted.train.back(), fitted.start_train) << fit_log.str();
    std::ifstream in(terms);
    const engine::FittedTerms back =
        engine::parse_terms(std::string(std::istreambuf_iterator<char>(in), {}), terms);
    EXPECT_EQ(back.family, engine::nnue::family_of(*make_game("contemporary")));
    for (const std::string kind :
         {"cell ", "mobility ", "king_attack ", "passer ", "threat ", "pawns ", "defended "})
        EXPECT_TRUE(std::any_of(back.offsets.begin(), back.offsets.end(),
                                [&](const auto& o) { return o.first.starts_with(kind); }))
            << kind << fit_log.str();
    const test::RunResult t = test::run(
        "uci",
        "uci\nsetoption name UCI_Variant value contemporary\nsetoption name EvalTerms value " +
            terms + "\nposition startpos\ngo depth 5\nquit\n");
    EXPECT_NE(t.out.find("EvalTerms " + terms + ": the terms of 8x8:"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("bestmove "), std::string::npos) << t.out;
    std::filesystem::remove_all(dir);
}

// relabel: every position of a data file scored by a teacher engine (the fake one scores a
// position by its men, and gives a mate, which is dropped, when all 32 are on the board).
TEST(Learning, RelabelScoresEveryPositionByTheTeacher) {
    const auto dir = test::temp_dir("relabel");
    const std::string data = (dir / "self.dat").string(), out = (dir / "taught.dat").string();
    ASSERT_EQ(
        test::run("datagen --variant contemporary --games 3 --nodes 200 --seed 9 --out " + data)
            .status,
        0);
    const std::string teacher =
        "cmd=sh " + std::string(MENAGERIE_TEST_SOURCE) + "/fake_uci_engine.sh teacher";
    const auto relabel = [&](const std::string& shard) {
        return test::run("relabel --data " + data + " --out " + out + " --engine '" + teacher +
                         "' --depth 1 --scale 2 --shard " + shard);
    };
    test::RunResult r = relabel("1/2");
    ASSERT_EQ(r.status, 0) << r.err;
    r = relabel("2/2");
    ASSERT_EQ(r.status, 0) << r.err;
    const learn::DataFile self = learn::read_data(data), taught = learn::read_data(out);
    EXPECT_EQ(taught.header, self.header);
    EXPECT_EQ(taught.games, self.games);
    size_t full = 0;
    for (const learn::TrainingPosition& p : self.positions) full += p.men.size() == 32;
    EXPECT_GT(full, 0u);
    EXPECT_EQ(taught.positions.size(), self.positions.size() - full);
    // The games come in the shards' order; within a game the positions keep theirs.
    std::multiset<std::pair<int, uint16_t>> expected, got;
    for (const learn::TrainingPosition& p : self.positions)
        if (p.men.size() != 32)
            expected.insert({2 * (10 * static_cast<int>(p.men.size()) + p.side_to_move), p.ply});
    for (const learn::TrainingPosition& p : taught.positions) got.insert({p.score, p.ply});
    EXPECT_EQ(got, expected);
    // A second run finds the shard done.
    r = relabel("1/2");
    EXPECT_NE(r.err.find("2 of 2 games already in"), std::string::npos) << r.err;
    EXPECT_EQ(learn::read_data(out).positions.size(), taught.positions.size());
    // A teacher that is not an engine is named.
    r = test::run("relabel --data " + data + " --out " + (dir / "x.dat").string() +
                  " --engine builtin:random");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--engine"), std::string::npos) << r.err;
    std::filesystem::remove_all(dir);
}

// On a player's view of Black Swan the fit also moves the swan type's value offset, which the
// evaluation adds to a face-down swan's expectation.
TEST(FittedTerms, ABlackSwanViewFitsTheSwansOwnOffset) {
    const auto dir = test::temp_dir("swan-fit");
    const std::string data = (dir / "blackswan.dat").string();
    const test::RunResult r =
        test::run("datagen --variant blackswan --games 2 --nodes 300 --seed 3 --out " + data);
    ASSERT_EQ(r.status, 0) << r.err;
    learn::FitSettings f;
    f.data = {data};
    f.out = (dir / "blackswan.terms").string();
    f.rounds = 1;
    f.steps = 20;
    f.validation = 0;
    std::ostringstream log;
    learn::fit_terms(f, log);
    // Every weight, the values of the knight, bishop, rook and queen, and the swan's offset, each
    // middlegame and endgame.
    const size_t dense = engine::WEIGHT_FIELDS.size() + 2 * 4 + 2;
    EXPECT_NE(log.str().find("parameters " + std::to_string(dense) + " (0 sparse terms)"),
              std::string::npos)
        << log.str();
    // A fit from a terms file starts from its terms: from pawns worth five pawns, one round
    // (which moves a weight at most half its size) leaves them worth at least two and a half;
    // a file of another family is refused.
    std::string written;
    {
        std::ifstream in(f.out);
        written.assign(std::istreambuf_iterator<char>(in), {});
    }
    const std::string from = (dir / "start.terms").string();
    std::ofstream(from) << written << "pawn_mg 500\npawn_eg 600\n";
    f.from = from;
    learn::fit_terms(f, log);
    {
        std::ifstream in(f.out);
        const engine::FittedTerms refit =
            engine::parse_terms(std::string(std::istreambuf_iterator<char>(in), {}), f.out);
        EXPECT_GE(refit.weights.pawn_mg, 250) << log.str();
    }
    std::ofstream(from) << "family 8x8:pawn,knight,bishop,rook,queen,king\n";
    try {
        learn::fit_terms(f, log);
        ADD_FAILURE() << "a terms file of another family was taken";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("holds the terms of '8x8:"), std::string::npos)
            << e.what();
    }
    std::filesystem::remove_all(dir);
}

TEST(FittedTerms, AFileReadsBackAndABadLineIsNamed) {
    engine::FittedTerms t;
    t.family = "8x8:pawn,knight,bishop,rook,queen,king";
    t.weights = engine::DEFAULT_WEIGHTS;
    t.weights.tempo = 17;
    t.offsets["value knight"] = {12, -3};
    t.offsets["cell pawn e4"] = {6, -2};
    t.offsets["mobility rook 11"] = {4, 7};
    t.offsets["king_attack 2 5"] = {9, 1};
    t.offsets["passer c6"] = {0, 30};
    t.offsets["threat knight rook"] = {25, 10};
    t.offsets["pawns knight 7"] = {3, 4};
    t.offsets["defended bishop"] = {5, 0};
    const engine::FittedTerms back = engine::parse_terms(engine::write_terms(t), "round trip");
    EXPECT_EQ(back.family, t.family);
    EXPECT_EQ(back.weights.tempo, 17);
    EXPECT_EQ(back.offsets, t.offsets);
    EXPECT_THROW(engine::parse_terms("family x\ncell pawn e4 6\n", "bad.terms"), Error);
    EXPECT_THROW(engine::parse_terms("family x\nmobility rook eleven 4 7\n", "bad.terms"), Error);
    EXPECT_THROW(engine::parse_terms("family x\npasser 30\n", "bad.terms"), Error);
    try {
        engine::parse_terms("family x\ntempo twelve\n", "bad.terms");
        FAIL() << "read a weight that is no number";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("bad.terms line 2"), std::string::npos) << e.what();
    }
    EXPECT_THROW(engine::parse_terms("family x\nno_such_weight 3\n", "bad.terms"), Error);
    // The built-in terms of the 8 x 8 family are found for every game of it.
    for (const std::string name : {"chess", "placement", "contemporary", "chess20"})
        EXPECT_NE(engine::builtin_terms(*make_game(name)), nullptr) << name;
}

// Chess's evaluation with its built-in terms or others, and how much an offset moves it.
struct ChessTerms {
    std::shared_ptr<const Game> game = make_game("chess");
    // The built-in terms without those that bend the endgame score (winnability, scale), so that
    // an offset moves the evaluation by exactly its size.
    engine::FittedTerms built_in = [this] {
        engine::FittedTerms t = *engine::builtin_terms(*game);
        engine::EvalWeights& w = t.weights;
        w.complexity_pawn = w.complexity_passed = w.complexity_flanks = 0;
        w.complexity_pawn_ending = w.complexity_base = w.scale_drop = 0;
        return t;
    }();
    std::shared_ptr<const engine::EvalTables> with(const engine::FittedTerms& terms) const {
        auto t = std::make_shared<engine::EvalTables>(*engine::eval_tables(game));
        engine::apply_terms(*t, terms);
        return t;
    }
    // The evaluation of fen (from the side to move) with 20 more on both parts of the offset,
    // less that with the built-in terms.
    int moved_by(const std::string& offset, const std::string& fen) const {
        engine::FittedTerms more = built_in;
        auto& v = more.offsets[offset];
        v = {v.first + 20, v.second + 20};
        const Position pos = parse_fen(game, fen);
        return engine::evaluate(pos, *with(more)) - engine::evaluate(pos, *with(built_in));
    }
    engine::EvalTrace trace(const std::string& fen) const {
        engine::EvalTrace t;
        engine::evaluate(parse_fen(game, fen), *with(built_in), nullptr, &t);
        return t;
    }
    // The error applying terms with one more offset raises (empty if none).
    std::string refusal(const std::string& offset) const {
        engine::FittedTerms bad = built_in;
        bad.offsets[offset] = {1, 1};
        try {
            with(bad);
        } catch (const Error& e) {
            return e.what();
        }
        return "";
    }
};

// A cell term counts for a White man on its cell and a Black man on the mirror cell, at its
// full value whatever the phase when its middlegame and endgame parts are equal; a cell the
// board does not have is named.
TEST(FittedTerms, CellTermsCountFromEachSidesView) {
    const ChessTerms chess;
    for (const std::string fen :
         {"4k3/pppp4/8/8/4N3/8/PPPP4/4K3 w - - 0 1", "r3k3/pppq4/8/8/4N3/8/PPPQ4/R3K3 b - - 0 1",
          "4k3/pppp4/8/4n3/8/8/PPPP4/4K3 b - - 0 1"}) {
        const int sign = parse_fen(chess.game, fen).side_to_move() == WHITE ? 1 : -1;
        const int mover = fen.find('N') != std::string::npos ? 1 : -1;  // whose knight
        EXPECT_EQ(chess.moved_by("cell knight e4", fen), 20 * sign * mover) << fen;
    }
    EXPECT_NE(chess.refusal("cell knight e9").find("e9"), std::string::npos);
}

// A mobility term counts for each man by the moves the evaluation counts it (quiet moves to
// cells no enemy pawn guards, and captures), for either colour; a number of moves no man on the
// board can have is named.
TEST(FittedTerms, MobilityTermsCountByTheMovesOfEachMan) {
    const ChessTerms chess;
    // The knight on e4 (e5) has six moves: not d6 (d3), which an enemy pawn guards, nor d2 (d7),
    // where its own pawn stands.
    for (const std::string fen :
         {"4k3/pppp4/8/8/4N3/8/PPPP4/4K3 w - - 0 1", "4k3/pppp4/8/8/4N3/8/PPPP4/4K3 b - - 0 1",
          "4k3/pppp4/8/4n3/8/8/PPPP4/4K3 b - - 0 1"}) {
        const engine::EvalTrace trace = chess.trace(fen);
        const Color owner = fen.find('N') != std::string::npos ? WHITE : BLACK;
        ASSERT_EQ(trace.mobility.size(), 1u) << fen;
        EXPECT_EQ(trace.mobility[0].colour, owner) << fen;
        EXPECT_EQ(trace.mobility[0].a, chess.game->men.knight) << fen;
        EXPECT_EQ(trace.mobility[0].b, 6) << fen;
        const int sign = parse_fen(chess.game, fen).side_to_move() == owner ? 1 : -1;
        EXPECT_EQ(chess.moved_by("mobility knight 6", fen), 20 * sign) << fen;
    }
    EXPECT_NE(chess.refusal("mobility knight 65").find("'mobility knight 65'"), std::string::npos);
}

// A king attack offset counts for the side whose men attack the enemy king's zone, by their
// number and their moves into it; a side with no attacker counts in row 0.
TEST(FittedTerms, KingAttackTermsCountForTheAttackingSide) {
    const ChessTerms chess;
    for (const std::string fen :
         {"4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"}) {
        const Position pos = parse_fen(chess.game, fen);
        const engine::EvalTrace trace = chess.trace(fen);
        ASSERT_EQ(trace.king_attacks.size(), 2u) << fen;
        const auto white =
            trace.king_attacks[0].colour == WHITE ? trace.king_attacks[0] : trace.king_attacks[1];
        const auto black =
            trace.king_attacks[0].colour == WHITE ? trace.king_attacks[1] : trace.king_attacks[0];
        EXPECT_EQ(black.colour, BLACK);
        EXPECT_EQ(white.a, 1) << fen;  // the queen, on the d-file and the diagonal
        EXPECT_GE(white.b, 1) << fen;
        EXPECT_EQ(black.a, 0) << fen;
        EXPECT_EQ(black.b, 0) << fen;
        const int sign = pos.side_to_move() == WHITE ? 1 : -1;
        const std::string whites = "king_attack 1 " + std::to_string(white.b);
        EXPECT_EQ(chess.moved_by(whites, fen), 20 * sign) << fen;
        // Black's too: the two cancel.
        engine::FittedTerms more = chess.built_in;
        for (const std::string& offset : {whites, std::string("king_attack 0 0")}) {
            auto& v = more.offsets[offset];
            v = {v.first + 20, v.second + 20};
        }
        EXPECT_EQ(engine::evaluate(pos, *chess.with(more)),
                  engine::evaluate(pos, *chess.with(chess.built_in)))
            << fen;
    }
    EXPECT_NE(chess.refusal("king_attack " + std::to_string(engine::KING_ATTACKERS) + " 0")
                  .find("'king_attack 8 0'"),
              std::string::npos);
}

// A passer offset counts for a passed pawn on its cell from its side's view (Black's c3 is
// White's c6); a threat offset for each enemy man or pawn a man attacks, by the two types.
TEST(FittedTerms, PasserAndThreatTermsCountForTheirSide) {
    const ChessTerms chess;
    for (const std::string fen :
         {"4k3/8/2P5/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/2p5/8/4K3 b - - 0 1",
          "4k3/8/8/8/8/2p5/8/4K3 w - - 0 1"}) {
        const engine::EvalTrace trace = chess.trace(fen);
        ASSERT_EQ(trace.passers.size(), 1u) << fen;
        EXPECT_EQ(trace.passers[0].a, chess.game->geometry.find("c6")) << fen;
        const Color owner = trace.passers[0].colour;
        EXPECT_EQ(owner, fen.find('P') != std::string::npos ? WHITE : BLACK) << fen;
        const bool to_move = parse_fen(chess.game, fen).side_to_move() == owner;
        EXPECT_EQ(chess.moved_by("passer c6", fen), to_move ? 20 : -20) << fen;
        EXPECT_EQ(chess.moved_by("passer c3", fen), 0) << fen;
    }
    // The knight on e3 attacks the rook on d5, which attacks the pawn on d2.
    const std::string fen = "4k3/pppp4/8/3r4/8/4N3/PPPP4/4K3 w - - 0 1";
    const engine::EvalTrace trace = chess.trace(fen);
    auto has = [&](Color c, const std::string& type, const std::string& victim) {
        return std::any_of(trace.threats.begin(), trace.threats.end(), [&](const auto& x) {
            return x.colour == c && chess.game->men.types[x.a].name == type &&
                   chess.game->men.types[x.b].name == victim;
        });
    };
    EXPECT_TRUE(has(WHITE, "knight", "rook"));
    EXPECT_TRUE(has(BLACK, "rook", "pawn"));
    EXPECT_EQ(trace.threats.size(), 2u);
    EXPECT_EQ(chess.moved_by("threat knight rook", fen), 20);
    EXPECT_EQ(chess.moved_by("threat rook pawn", fen), -20);
    EXPECT_EQ(chess.moved_by("threat rook knight", fen), 0);
}

// A pawn count offset counts for each man of its type by the number of its side's pawns; a
// guard offset for each man of its type that an own man or pawn guards.
TEST(FittedTerms, PawnCountAndGuardTermsCountPerMan) {
    const ChessTerms chess;
    // White: two knights (one guarded by the pawn on d2) and three pawns; Black: one knight,
    // unguarded, and two pawns.
    const std::string fen = "4k3/pp6/8/2n5/8/4N3/PP1P4/4K1N1 w - - 0 1";
    EXPECT_EQ(chess.moved_by("pawns knight 3", fen), 40);
    EXPECT_EQ(chess.moved_by("pawns knight 2", fen), -20);
    EXPECT_EQ(chess.moved_by("pawns bishop 3", fen), 0);
    EXPECT_EQ(chess.moved_by("defended knight", fen), 20);
    EXPECT_EQ(chess.moved_by("defended bishop", fen), 0);
    const engine::EvalTrace trace = chess.trace(fen);
    EXPECT_EQ(trace.pawns.size(), 3u);
    ASSERT_EQ(trace.defended.size(), 1u);
    EXPECT_EQ(trace.defended[0].colour, WHITE);
}

// A terms file whose cell its family's board lacks is refused when the option is set (the
// terms before stay), not at the next search: the engine still plays.
TEST(FittedTerms, ABadCellIsRefusedWhenTheFileIsSet) {
    const auto dir = test::temp_dir("terms");
    const std::string path = (dir / "bad.terms").string();
    engine::FittedTerms terms = *engine::builtin_terms(*make_game("chess"));
    terms.offsets["cell knight z9"] = {5, 5};
    std::ofstream(path) << engine::write_terms(terms);
    const test::RunResult r =
        test::run("uci",
                  "uci\nsetoption name UCI_Variant value chess\nsetoption name EvalTerms "
                  "value " +
                      path + "\nposition startpos\ngo depth 3\nquit\n");
    EXPECT_NE(r.out.find("info string error: chess's board has no cell 'z9'"), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("EvalTerms " + path + ": the terms of"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("bestmove "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("bestmove (none)"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace menagerie
