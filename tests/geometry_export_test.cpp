// The geometry as drawing data: every cell's polygon, colour and mate, and the JSON that
// `menagerie geometry` prints from it.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_util.h"
#include "core/game.h"
#include "games/boards.h"
#include "notation/geometry_json.h"

namespace menagerie {
namespace {

constexpr double EPS = 1e-9;

double cross(Point o, Point a, Point b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

bool convex_ccw(const Polygon& p) {
    for (size_t i = 0; i < p.size(); ++i)
        if (cross(p[i], p[(i + 1) % p.size()], p[(i + 2) % p.size()]) <= EPS) return false;
    return p.size() >= 3;
}

// The part of `subject` inside the convex, counter-clockwise `clip` (Sutherland-Hodgman).
Polygon clip(Polygon subject, const Polygon& clip) {
    for (size_t i = 0; i < clip.size() && !subject.empty(); ++i) {
        const Point a = clip[i], b = clip[(i + 1) % clip.size()];
        Polygon out;
        for (size_t j = 0; j < subject.size(); ++j) {
            const Point p = subject[j], q = subject[(j + 1) % subject.size()];
            const double cp = cross(a, b, p), cq = cross(a, b, q);
            if (cp >= 0) out.push_back(p);
            if ((cp > 0 && cq < 0) || (cp < 0 && cq > 0)) {
                const double t = cp / (cp - cq);
                out.push_back({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
            }
        }
        subject = std::move(out);
    }
    return subject;
}

double overlap(const Polygon& a, const Polygon& b) {
    const Polygon common = clip(a, b);
    return common.size() < 3 ? 0 : std::abs(area(common));
}

bool on_segment(Point p, Point a, Point b) {
    return std::abs(cross(a, b, p)) < EPS && std::min(a.x, b.x) - EPS <= p.x &&
           p.x <= std::max(a.x, b.x) + EPS && std::min(a.y, b.y) - EPS <= p.y &&
           p.y <= std::max(a.y, b.y) + EPS;
}

// Two convex polygons with disjoint insides touch (share an edge or a corner) exactly when a
// corner of one lies on the boundary of the other.
bool touch(const Polygon& a, const Polygon& b) {
    for (int pass = 0; pass < 2; ++pass) {
        const Polygon &p = pass ? b : a, &q = pass ? a : b;
        for (Point v : p)
            for (size_t i = 0; i < q.size(); ++i)
                if (on_segment(v, q[i], q[(i + 1) % q.size()])) return true;
    }
    return false;
}

bool strictly_inside(Point v, const Polygon& convex) {
    for (size_t i = 0; i < convex.size(); ++i)
        if (cross(convex[i], convex[(i + 1) % convex.size()], v) <= EPS) return false;
    return true;
}

Polygon rect(double x0, double y0, double x1, double y1) {
    return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

// The board's outline as convex pieces with disjoint insides.
std::vector<Polygon> outline(const std::string& id) {
    if (id == "8x8") return {rect(0, 0, 8, 8)};
    if (id == "chess2016")  // the main field, the e-h squares of ranks 1 and 10, the wings
        return {rect(1, 1, 11, 9), rect(4, 0, 8, 1), rect(4, 9, 8, 10), rect(0, 3, 1, 7),
                rect(11, 3, 12, 7)};
    return {
        rect(0, 0, 8, 4), rect(-1, 4, 7, 8), {{0, 3}, {0, 4}, {-1, 4}}, {{7, 4}, {8, 4}, {7, 5}}};
}

// The cells tile the outline: each polygon is convex, lies inside the outline, overlaps no other
// cell, contains its centre, and their areas add up to the outline's.
void expect_tiling(const Geometry& g, const std::string& id, double expected_area) {
    double total = 0, outline_area = 0;
    for (const Polygon& piece : outline(id)) outline_area += area(piece);
    EXPECT_NEAR(outline_area, expected_area, EPS);
    for (Square s = 0; s < g.size(); ++s) {
        const Cell& c = g.cell(s);
        ASSERT_TRUE(convex_ccw(c.polygon)) << c.name;
        const double a = area(c.polygon);
        total += a;
        double inside = 0;
        for (const Polygon& piece : outline(id)) inside += overlap(c.polygon, piece);
        EXPECT_NEAR(inside, a, EPS) << c.name << " leaves the board";
        EXPECT_TRUE(strictly_inside(centroid(c.polygon), c.polygon)) << c.name;
        for (Point p : c.polygon) {
            EXPECT_GE(p.x, g.bounds().min_x);
            EXPECT_LE(p.x, g.bounds().max_x);
            EXPECT_GE(p.y, g.bounds().min_y);
            EXPECT_LE(p.y, g.bounds().max_y);
        }
        for (Square t = s + 1; t < g.size(); ++t)
            EXPECT_NEAR(overlap(c.polygon, g.cell(t).polygon), 0, EPS)
                << c.name << " " << g.name(t);
        if (c.colour == CellColour::Both) {
            ASSERT_EQ(c.parts.size(), 2u) << c.name;
            EXPECT_NE(c.parts[0].colour, c.parts[1].colour) << c.name;
            double parts = 0;
            for (const ColouredPolygon& part : c.parts) {
                EXPECT_NE(part.colour, CellColour::Both);
                parts += area(part.polygon);
                EXPECT_NEAR(overlap(part.polygon, c.polygon), area(part.polygon), EPS) << c.name;
            }
            EXPECT_NEAR(parts, a, EPS) << c.name;
            EXPECT_NEAR(overlap(c.parts[0].polygon, c.parts[1].polygon), 0, EPS) << c.name;
        } else {
            EXPECT_TRUE(c.parts.empty()) << c.name;
        }
    }
    EXPECT_NEAR(total, expected_area, EPS);
}

// Cells one step apart share an edge or a corner (a step into a switch reaches both its fields,
// so there the switch as a whole touches); orthogonal neighbours of one colour each differ in
// colour and diagonal ones agree, so the checkerboard holds through every seam.
void expect_neighbours_touch(const Geometry& g) {
    for (Square s = 0; s < g.size(); ++s)
        for (int d = 0; d < DIRECTION_NB; ++d)
            for (Bitboard b = g.step(s, Direction(d)); b;) {
                const Square t = pop_lsb(b);
                const Square mate = g.cell(t).mate;
                EXPECT_TRUE(touch(g.cell(s).polygon, g.cell(t).polygon) ||
                            (mate != SQ_NONE && touch(g.cell(s).polygon, g.cell(mate).polygon)))
                    << g.name(s) << " -> " << g.name(t);
                const CellColour x = g.cell(s).colour, y = g.cell(t).colour;
                if (mate == SQ_NONE && x != CellColour::Both) {
                    EXPECT_EQ(x == y, is_diagonal(Direction(d))) << g.name(s) << " " << g.name(t);
                }
            }
}

CellColour colour(const Geometry& g, const char* name) { return g.cell(g.find(name)).colour; }

TEST(GeometryDrawing, OrthodoxBoardIsUnitSquares) {
    const Geometry g = Geometry::rectangle(8, 8);
    expect_tiling(g, "8x8", 64);
    expect_neighbours_touch(g);
    for (Square s = 0; s < g.size(); ++s) {
        const Cell& c = g.cell(s);
        EXPECT_EQ(c.polygon, rect(c.file, c.rank, c.file + 1, c.rank + 1)) << c.name;
        EXPECT_EQ(c.colour, (c.file + c.rank) % 2 ? CellColour::Light : CellColour::Dark);
        EXPECT_EQ(c.mate, SQ_NONE);
    }
    EXPECT_EQ(colour(g, "a1"), CellColour::Dark);
    EXPECT_EQ(colour(g, "h1"), CellColour::Light);
    EXPECT_EQ(colour(g, "a8"), CellColour::Light);
    EXPECT_EQ(g.bounds().min_x, 0);
    EXPECT_EQ(g.bounds().max_x, 8);
    EXPECT_EQ(g.bounds().max_y, 8);
}

TEST(GeometryDrawing, Chess2016HolesHaveNoCell) {
    const Geometry g = chess2016_board();
    expect_tiling(g, "chess2016", 96);
    expect_neighbours_touch(g);
    EXPECT_EQ(g.bounds().min_x, 0);
    EXPECT_EQ(g.bounds().max_x, 12);
    EXPECT_EQ(g.bounds().max_y, 10);
}

TEST(GeometryDrawing, Chess66ShiftedHalvesAndTransferFields) {
    const Geometry g = chess66_board();
    expect_tiling(g, "chess66", 65);
    expect_neighbours_touch(g);
    EXPECT_EQ(g.bounds().min_x, -1);
    EXPECT_EQ(g.bounds().max_x, 8);
    EXPECT_EQ(g.bounds().min_y, 0);
    EXPECT_EQ(g.bounds().max_y, 8);
    // The upper half sits one file to the left: e5 straight above d4.
    EXPECT_EQ(g.cell(g.find("e5")).polygon, rect(3, 4, 4, 5));
    EXPECT_EQ(g.cell(g.find("d4")).polygon, rect(3, 3, 4, 4));
    // The page's colour statements: White's right corner light, Black's right corner dark, the
    // transfer fields two-coloured.
    EXPECT_EQ(colour(g, "h1"), CellColour::Light);
    EXPECT_EQ(colour(g, "a8"), CellColour::Dark);
    EXPECT_EQ(colour(g, "4"), CellColour::Both);
    EXPECT_EQ(colour(g, "5"), CellColour::Both);
    // "A bishop on d1 can occupy square 4 ... from 4, it can move further up to e8, by which the
    // bishop has changed its color diagonal."
    EXPECT_NE(colour(g, "d1"), colour(g, "e8"));
    // Halved fields: 4 is a triangle outside the 8 x 8 squares plus a4's lower-left half; a4 and h5
    // keep half a square; the switches' fields are each other's mates.
    EXPECT_NEAR(area(g.cell(g.find("4")).polygon), 1, EPS);
    EXPECT_NEAR(area(g.cell(g.find("a4")).polygon), 0.5, EPS);
    EXPECT_NEAR(area(g.cell(g.find("h5")).polygon), 0.5, EPS);
    EXPECT_NEAR(area(g.cell(g.find("5")).polygon), 1, EPS);
    EXPECT_NEAR(overlap(g.cell(g.find("4")).polygon, rect(0, 3, 1, 4)), 0.5, EPS);
    EXPECT_NEAR(overlap(g.cell(g.find("5")).polygon, rect(6, 4, 7, 5)), 0.5, EPS);
    // The lower-left half of a4 (around (0.25, 3.25)) belongs to 4, the upper-right to a4.
    EXPECT_TRUE(strictly_inside({0.25, 3.25}, g.cell(g.find("4")).polygon));
    EXPECT_TRUE(strictly_inside({0.75, 3.75}, g.cell(g.find("a4")).polygon));
    EXPECT_TRUE(strictly_inside({6.75, 4.75}, g.cell(g.find("5")).polygon));
    EXPECT_TRUE(strictly_inside({6.25, 4.25}, g.cell(g.find("h5")).polygon));
    EXPECT_EQ(g.name(g.cell(g.find("4")).mate), "a4");
    EXPECT_EQ(g.name(g.cell(g.find("a4")).mate), "4");
    EXPECT_EQ(g.name(g.cell(g.find("5")).mate), "h5");
    EXPECT_EQ(g.name(g.cell(g.find("h5")).mate), "5");
    EXPECT_EQ(g.cell(g.find("e4")).mate, SQ_NONE);
    // The whole board is symmetric under the 180-degree turn (x, y) -> (7 - x, 8 - y).
    for (Square s = 0; s < g.size(); ++s) {
        Polygon turned;
        for (Point p : g.cell(s).polygon) turned.push_back({7 - p.x, 8 - p.y});
        int matches = 0;
        for (Square t = 0; t < g.size(); ++t)
            matches += std::abs(overlap(turned, g.cell(t).polygon) - area(turned)) < EPS;
        EXPECT_EQ(matches, 1) << g.name(s);
    }
}

TEST(GeometryDrawing, SameColourFollowsTheDrawing) {
    Game game;
    game.geometry = Geometry::rectangle(8, 8);
    const Geometry& g = game.geometry;
    for (Square a = 0; a < g.size(); ++a)
        for (Square b = 0; b < g.size(); ++b)
            EXPECT_EQ(game.same_colour(a, b), (g.cell(a).file + g.cell(a).rank) % 2 ==
                                                  (g.cell(b).file + g.cell(b).rank) % 2);
    game.geometry = chess66_board();
    const Geometry& h = game.geometry;
    EXPECT_TRUE(game.same_colour(h.find("h1"), h.find("a4")));
    EXPECT_FALSE(game.same_colour(h.find("d1"), h.find("e8")));
    EXPECT_FALSE(game.same_colour(h.find("4"), h.find("4")));
    EXPECT_FALSE(game.same_colour(h.find("4"), h.find("5")));
}

// --- the command ---

using test::run;
using test::RunResult;

// The JSON of a geometry agrees with the geometry, cell by cell.
void expect_export(const std::string& args, const Geometry& g) {
    const RunResult r = run("geometry " + args);
    ASSERT_EQ(r.status, 0) << args;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["id"], g.id());
    EXPECT_EQ(j["width"], g.width());
    EXPECT_EQ(j["height"], g.height());
    EXPECT_EQ(j["bounds"]["min_x"], g.bounds().min_x);
    EXPECT_EQ(j["bounds"]["min_y"], g.bounds().min_y);
    EXPECT_EQ(j["bounds"]["max_x"], g.bounds().max_x);
    EXPECT_EQ(j["bounds"]["max_y"], g.bounds().max_y);
    ASSERT_EQ(j["cells"].size(), static_cast<size_t>(g.size()));
    for (Square s = 0; s < g.size(); ++s) {
        const auto& jc = j["cells"][static_cast<size_t>(s)];
        const Cell& c = g.cell(s);
        EXPECT_EQ(jc["name"], c.name);
        EXPECT_EQ(jc["file"], c.file);
        EXPECT_EQ(jc["rank"], c.rank);
        ASSERT_EQ(jc["polygon"].size(), c.polygon.size());
        for (size_t i = 0; i < c.polygon.size(); ++i) {
            EXPECT_EQ(jc["polygon"][i][0].get<double>(), c.polygon[i].x);
            EXPECT_EQ(jc["polygon"][i][1].get<double>(), c.polygon[i].y);
        }
        const Point centre = centroid(c.polygon);
        EXPECT_NEAR(jc["centre"][0].get<double>(), centre.x, EPS);
        EXPECT_NEAR(jc["centre"][1].get<double>(), centre.y, EPS);
        const char* colours[] = {"light", "dark", "both"};
        EXPECT_EQ(jc["colour"], colours[static_cast<int>(c.colour)]);
        if (c.mate == SQ_NONE) {
            EXPECT_TRUE(jc["mate"].is_null());
        } else {
            EXPECT_EQ(jc["mate"], g.name(c.mate));
        }
        EXPECT_EQ(jc.contains("parts"), c.colour == CellColour::Both) << c.name;
    }
}

TEST(GeometryExport, BoardsAndVariants) {
    expect_export("--board 8x8", Geometry::rectangle(8, 8));
    expect_export("--board chess2016", chess2016_board());
    expect_export("--board chess66", chess66_board());
    expect_export("--variant chess", Geometry::rectangle(8, 8));
    expect_export("--variant placement --option castling=chess960", Geometry::rectangle(8, 8));
}

TEST(GeometryExport, Chess66TransferFieldsInJson) {
    const auto j = nlohmann::json::parse(run("geometry --board chess66").out);
    for (const auto& cell : j["cells"]) {
        if (cell["name"] != "4") continue;
        EXPECT_EQ(cell["colour"], "both");
        EXPECT_EQ(cell["mate"], "a4");
        EXPECT_EQ(cell["polygon"], nlohmann::json::parse("[[0,3],[1,3],[0,4],[-1,4]]"));
        ASSERT_EQ(cell["parts"].size(), 2u);
        EXPECT_EQ(cell["parts"][0]["colour"], "dark");
        EXPECT_EQ(cell["parts"][1]["colour"], "light");
    }
}

TEST(GeometryExport, Errors) {
    EXPECT_EQ(run("geometry").status, 2);
    EXPECT_EQ(run("geometry --board 8x8 --variant chess").status, 2);
    EXPECT_EQ(run("geometry --board 9x9").status, 2);
    EXPECT_EQ(run("geometry --variant nosuchgame").status, 2);
    EXPECT_EQ(run("geometry --board chess66 --option castling=chess960").status, 2);
}

}  // namespace
}  // namespace menagerie
