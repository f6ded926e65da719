// The two demonstrations that the core carries the later games: the Chess 2016 board with a
// Rook, a Cannon, a Griffin and a Rhinoceros, and the Chess 66 board with its switches.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/movement.h"
#include "games/boards.h"

namespace menagerie {
namespace {

std::set<std::string> names(const Geometry& g, Bitboard b) {
    std::set<std::string> out;
    while (b) out.insert(g.name(pop_lsb(b)));
    return out;
}

Bitboard cells(const Geometry& g, std::initializer_list<const char*> list) {
    Bitboard b = 0;
    for (const char* n : list) {
        const Square s = g.find(n);
        EXPECT_NE(s, SQ_NONE) << n;
        if (s != SQ_NONE) b |= square_bb(s);
    }
    return b;
}

// Destinations of a man of `type` on `from`, with `friends` and `enemies` on the board.
std::set<std::string> destinations(const Geometry& g, const MoveTables& mt, int type,
                                   const char* from, Bitboard friends, Bitboard enemies) {
    const Square s = g.find(from);
    const Bitboard occupied = friends | enemies;
    const auto r = mt.reach(mt.piece(type, WHITE), s, occupied);
    Bitboard landing = occupied;
    for (Bitboard b = occupied & g.switch_fields(); b;) landing |= g.mate(pop_lsb(b));
    return names(g, (r.quiet & ~landing) | (r.capture & enemies));
}

class Chess2016Board : public ::testing::Test {
  protected:
    Geometry g = chess2016_board();
    std::vector<PieceType> types = {make_piece("rook"), make_piece("cannon"), make_piece("griffin"),
                                    make_piece("rhinoceros")};
    MoveTables mt{g, types};
    enum { ROOK, CANNON, GRIFFIN, RHINO };
};

TEST_F(Chess2016Board, HasNinetySixCellsInATwelveByTenBox) {
    EXPECT_EQ(g.size(), 96);
    EXPECT_EQ(g.width(), 12);
    EXPECT_EQ(g.height(), 10);
    for (const char* hole : {"a1", "d1", "i1", "a3", "a8", "l3", "l8", "d10", "a10", "l10"})
        EXPECT_EQ(g.find(hole), SQ_NONE) << hole;
    for (const char* cell : {"e1", "h1", "e10", "h10", "a4", "a7", "l4", "l7", "b2", "k9"})
        EXPECT_NE(g.find(cell), SQ_NONE) << cell;
}

TEST_F(Chess2016Board, RookStopsAtHoles) {
    EXPECT_EQ(destinations(g, mt, ROOK, "e1", 0, 0),
              (std::set<std::string>{"e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "f1",
                                     "g1", "h1"}));
    EXPECT_EQ(destinations(g, mt, ROOK, "a5", 0, cells(g, {"f5"})),
              (std::set<std::string>{"a6", "a7", "a4", "b5", "c5", "d5", "e5", "f5"}));
}

TEST_F(Chess2016Board, CannonMovesAsRookAndCapturesOverExactlyOneMan) {
    const Bitboard friends = cells(g, {"e7"}), enemies = cells(g, {"e9", "e10", "h5", "j5", "k5"});
    EXPECT_EQ(destinations(g, mt, CANNON, "e5", friends, enemies),
              (std::set<std::string>{"e6", "e4", "e3", "e2", "e1", "d5", "c5", "b5", "a5", "f5",
                                     "g5", "e9", "j5"}));
    // A hole is no screen: from b2 westward there is nothing at all.
    EXPECT_EQ(
        destinations(g, mt, CANNON, "e1", 0, cells(g, {"h1"})),
        (std::set<std::string>{"e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "f1", "g1"}));
}

TEST_F(Chess2016Board, GriffinTurnsOutwardAfterOneDiagonalStep) {
    EXPECT_EQ(destinations(g, mt, GRIFFIN, "f5", 0, 0),
              (std::set<std::string>{"g8", "g9",  "g10", "i6", "j6", "k6", "l6", "e8",
                                     "e9", "e10", "c6",  "b6", "a6", "g2", "g1", "i4",
                                     "j4", "k4",  "l4",  "e2", "e1", "c4", "b4", "a4"}));
    // Blocked on the diagonal step, and on the first orthogonal step (which is no destination).
    EXPECT_EQ(destinations(g, mt, GRIFFIN, "f5", 0, cells(g, {"g6", "e7", "c4", "c6"})),
              (std::set<std::string>{"g2", "g1", "i4", "j4", "k4", "l4", "e2", "e1", "c4", "c6"}));
}

// An independent reading of the Rhinoceros rule on the 2016 box: up to seven steps, each turned
// 45 degrees the same way round, stopping at a hole or a man.
std::set<std::string> rhino_oracle(const Geometry& g, const char* from, Bitboard occupied) {
    const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dy[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    std::set<std::string> out;
    const Square s = g.find(from);
    for (int d = 0; d < 8; ++d)
        for (int sense : {1, -1}) {
            int f = g.cell(s).file, r = g.cell(s).rank;
            for (int step = 0; step < 7; ++step) {
                const int dir = ((d + sense * step) % 8 + 8) % 8;
                f += dx[dir], r += dy[dir];
                const Square t = g.at(f, r);
                if (t == SQ_NONE) break;
                out.insert(g.name(t));
                if (has(occupied, t)) break;
            }
        }
    return out;
}

TEST_F(Chess2016Board, RhinocerosCirclesUpToSevenSteps) {
    EXPECT_EQ(destinations(g, mt, RHINO, "f5", 0, 0), rhino_oracle(g, "f5", 0));
    const auto from_e1 = destinations(g, mt, RHINO, "e1", 0, 0);
    // North, then clockwise: e2 f3 g3 h2 h1, and the next step leaves the board.
    for (const char* c : {"e2", "f3", "g3", "h2", "h1"}) EXPECT_TRUE(from_e1.count(c)) << c;
    EXPECT_EQ(from_e1, rhino_oracle(g, "e1", 0));
    EXPECT_FALSE(
        destinations(g, mt, RHINO, "f5", 0, 0).count("f5"));  // an eighth step would return
    const Bitboard enemies = cells(g, {"f6", "g7", "d4"});
    EXPECT_EQ(destinations(g, mt, RHINO, "f5", 0, enemies), rhino_oracle(g, "f5", enemies));
}

class Chess66Board : public ::testing::Test {
  protected:
    Geometry g = chess66_board();
    std::vector<PieceType> types = {make_piece("rook"), make_piece("knight"), make_piece("man")};
    MoveTables mt{g, types};
    enum { ROOK, KNIGHT, MAN };
};

TEST_F(Chess66Board, HasSixtySixCellsAndTwoSwitches) {
    EXPECT_EQ(g.size(), 66);
    EXPECT_EQ(names(g, g.switch_fields()), (std::set<std::string>{"4", "a4", "5", "h5"}));
    EXPECT_EQ(names(g, g.step(g.find("4"), NORTH)), (std::set<std::string>{"a5"}));
    EXPECT_EQ(names(g, g.step(g.find("d4"), NORTH)), (std::set<std::string>{"e5"}));
    EXPECT_EQ(names(g, g.step(g.find("d4"), NORTH_EAST)), (std::set<std::string>{"f5"}));
    EXPECT_EQ(g.step(g.find("a3"), NORTH_WEST), Bitboard(0));
    EXPECT_EQ(g.step(g.find("h6"), SOUTH_EAST), Bitboard(0));
    for (Direction d : {NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST})
        EXPECT_FALSE(has(g.step(g.find("4"), d), g.find("a4")));
}

TEST_F(Chess66Board, RookOnA1BranchesAtTheSwitch) {
    const auto all = destinations(g, mt, ROOK, "a1", 0, 0);
    const std::set<std::string> up = {"a2", "a3", "4",  "a4", "a5", "a6",
                                      "a7", "a8", "b5", "b6", "b7", "b8"};
    for (const auto& c : up) EXPECT_TRUE(all.count(c)) << c;
    EXPECT_EQ(names(g, g.ray(g.find("a1"), NORTH)), up);
}

TEST_F(Chess66Board, AManOnEitherFieldClosesTheSwitch) {
    const auto closed = destinations(g, mt, ROOK, "a1", 0, cells(g, {"4"}));
    EXPECT_TRUE(closed.count("4"));  // the man can be captured where it stands
    for (const char* c : {"a4", "a5", "b5", "a8", "b8"}) EXPECT_FALSE(closed.count(c)) << c;
    const auto by_friend = destinations(g, mt, ROOK, "a1", cells(g, {"a4"}), 0);
    for (const char* c : {"4", "a4", "a5", "b5"}) EXPECT_FALSE(by_friend.count(c)) << c;
    EXPECT_TRUE(by_friend.count("a3"));
    // A man entering an occupied switch may only capture, on that man's field.
    const auto man = destinations(g, mt, MAN, "b4", 0, cells(g, {"a4"}));
    EXPECT_TRUE(man.count("a4"));
    EXPECT_FALSE(man.count("4"));
}

TEST_F(Chess66Board, KnightFollowsTheTwoKingStepsRule) {
    EXPECT_EQ(destinations(g, mt, KNIGHT, "5", 0, 0),
              (std::set<std::string>{"g7", "f6", "f4", "g3", "e4"}));
    EXPECT_EQ(destinations(g, mt, KNIGHT, "4", 0, 0),
              (std::set<std::string>{"b2", "c3", "c5", "b6", "d5"}));
    const auto a4 = destinations(g, mt, KNIGHT, "a4", 0, 0);
    EXPECT_TRUE(a4.count("a6"));
    EXPECT_FALSE(a4.count("b6"));  // on the a4-b5-b6 line
    const auto a3 = destinations(g, mt, KNIGHT, "a3", 0, 0);
    EXPECT_FALSE(a3.count("a5"));
    EXPECT_FALSE(a3.count("b5"));
    // On the ordinary part of the board it is the orthodox knight.
    EXPECT_EQ(destinations(g, mt, KNIGHT, "d2", 0, 0),
              (std::set<std::string>{"b1", "b3", "c4", "e4", "f3", "f1"}));
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(Riders, NightriderAndLimitedRide) {
    const Geometry g = Geometry::rectangle(8, 8);
    const std::vector<PieceType> types = {make_piece("nightrider"),
                                          PieceType{"short rook", "T", {ride(ORTHOGONAL, 2)}}};
    const MoveTables mt(g, types);
    EXPECT_EQ(destinations(g, mt, 0, "a1", 0, 0),
              (std::set<std::string>{"b3", "c5", "d7", "c2", "e3", "g4"}));
    EXPECT_EQ(destinations(g, mt, 0, "a1", cells(g, {"c5"}), 0),
              (std::set<std::string>{"b3", "c2", "e3", "g4"}));
    EXPECT_EQ(destinations(g, mt, 1, "d4", 0, cells(g, {"d5"})),
              (std::set<std::string>{"d5", "d3", "d2", "c4", "b4", "e4", "f4"}));
    EXPECT_EQ(mt.path_capturers(), std::vector<int>{1});  // a limited ride can capture
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(Pieces, DirectionDependentAndSplitModeParts) {
    const Geometry g = Geometry::rectangle(8, 8);
    const std::vector<PieceType> types = {make_piece("elephant"), make_piece("walker"),
                                          make_piece("tiger")};
    const MoveTables mt(g, types);
    auto moves = [&](int type, Color c, const char* from, Bitboard enemies) {
        const Square s = g.find(from);
        const auto r = mt.reach(mt.piece(type, c), s, enemies);
        return names(g, (r.quiet & ~enemies) | (r.capture & enemies));
    };
    // The Elephant steps straight forward: north for White, south for Black.
    EXPECT_EQ(moves(0, WHITE, "d4", 0), (std::set<std::string>{"c5", "d5", "e5", "c3", "e3"}));
    EXPECT_EQ(moves(0, BLACK, "d4", 0), (std::set<std::string>{"c5", "e5", "c3", "d3", "e3"}));
    // The Walker moves as a Wazir and captures as a Fers only.
    EXPECT_EQ(moves(1, WHITE, "d4", cells(g, {"d5", "e5"})),
              (std::set<std::string>{"c4", "e4", "d3", "e5"}));
    // The Tiger moves as a Bishop and captures as a Knight only.
    const auto tiger = moves(2, WHITE, "a1", cells(g, {"c3", "b3"}));
    EXPECT_EQ(tiger, (std::set<std::string>{"b2", "b3"}));
}

}  // namespace
}  // namespace menagerie
