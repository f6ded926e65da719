#include "core/geometry.h"

#include <algorithm>
#include <stdexcept>

namespace menagerie {

namespace {

constexpr std::array<std::array<int, 2>, DIRECTION_NB> DELTA = {
    {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}};

}  // namespace

std::string file_name(int file) { return std::string(1, static_cast<char>('a' + file)); }

double area(const Polygon& p) {
    double twice = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        const Point &a = p[i], &b = p[(i + 1) % p.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    return twice / 2;
}

Point centroid(const Polygon& p) {
    double cx = 0, cy = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        const Point &a = p[i], &b = p[(i + 1) % p.size()];
        const double cross = a.x * b.y - b.x * a.y;
        cx += (a.x + b.x) * cross, cy += (a.y + b.y) * cross;
    }
    const double six_area = 6 * area(p);
    return {cx / six_area, cy / six_area};
}

Square Geometry::add(std::string name, int file, int rank) {
    if (size() >= SQUARE_MAX) throw std::logic_error("geometry has more than 128 cells");
    const double x = file, y = rank;
    Polygon square = {{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}};
    const CellColour colour = (file + rank) % 2 ? CellColour::Light : CellColour::Dark;
    cells_.push_back({std::move(name), file, rank, std::move(square), colour, {}, SQ_NONE});
    steps_.push_back({});
    mates_.push_back(0);
    return size() - 1;
}

void Geometry::link(Square from, Direction d, Square to) {
    steps_[from][d] |= square_bb(to);
    steps_[to][opposite(d)] |= square_bb(from);
}

Square Geometry::find(std::string_view name) const {
    for (Square s = 0; s < size(); ++s)
        if (cells_[s].name == name) return s;
    return SQ_NONE;
}

Square Geometry::at(int file, int rank) const {
    if (rank < 0 || rank >= height_ || file < min_file_ || file > max_file_) return SQ_NONE;
    return grid_[rank * (max_file_ - min_file_ + 1) + file - min_file_];
}

// Completes the tables: a step into one field of a switch reaches its mate too, and the cells are
// checked to be in rank-major order, which the sliding-attack code relies on.
void Geometry::finish() {
    for (Square s = 0; s < size(); ++s)
        for (int d = 0; d < DIRECTION_NB; ++d)
            for (Bitboard b = steps_[s][d]; b;) steps_[s][d] |= mates_[pop_lsb(b)];
    bounds_ = {cells_[0].polygon[0].x, cells_[0].polygon[0].y, cells_[0].polygon[0].x,
               cells_[0].polygon[0].y};
    for (Square s = 0; s < size(); ++s) {
        if (mates_[s]) switch_fields_ |= square_bb(s);
        cells_[s].mate = mates_[s] ? lsb(mates_[s]) : SQ_NONE;
        for (const Point& p : cells_[s].polygon) {
            bounds_.min_x = std::min(bounds_.min_x, p.x),
            bounds_.max_x = std::max(bounds_.max_x, p.x);
            bounds_.min_y = std::min(bounds_.min_y, p.y),
            bounds_.max_y = std::max(bounds_.max_y, p.y);
        }
        if (s > 0 && cells_[s].rank < cells_[s - 1].rank)
            throw std::logic_error("geometry cells must be numbered rank by rank");
    }
    for (const Cell& c : cells_)
        min_file_ = std::min(min_file_, c.file), max_file_ = std::max(max_file_, c.file);
    const int columns = max_file_ - min_file_ + 1;
    grid_.assign(static_cast<size_t>(columns * height_), SQ_NONE);
    for (Square s = 0; s < size(); ++s)
        grid_[cells_[s].rank * columns + cells_[s].file - min_file_] = s;
}

Bitboard Geometry::ray(Square s, Direction d) const {
    Bitboard result = 0, frontier = steps_[s][d];
    while (frontier) {
        result |= frontier;
        Bitboard next = 0;
        for (Bitboard b = frontier; b;) next |= steps_[pop_lsb(b)][d];
        frontier = next & ~result;
    }
    return result;
}

Bitboard Geometry::leap(Square s, int a, int b) const {
    Bitboard result = 0;
    if (leap_rule_ == LeapRule::Grid) {
        const Cell& c = cells_[s];
        for (int sx : {-1, 1})
            for (int sy : {-1, 1})
                for (int swap = 0; swap < 2; ++swap) {
                    const int dx = sx * (swap ? b : a), dy = sy * (swap ? a : b);
                    const Square t = at(c.file + dx, c.rank + dy);
                    if (t != SQ_NONE) result |= square_bb(t);
                }
        return result;
    }
    const bool knight = (a == 1 && b == 2) || (a == 2 && b == 1);
    if (!knight)
        throw std::invalid_argument(id_ + " defines no (" + std::to_string(a) + "," +
                                    std::to_string(b) + ") leap");
    // Two king steps away, on no line with the start (which also excludes the start, its mate and
    // every cell one step away).
    Bitboard one = 0, lines = square_bb(s) | mates_[s];
    for (int d = 0; d < DIRECTION_NB; ++d) one |= steps_[s][d], lines |= ray(s, Direction(d));
    for (Bitboard bb = one; bb;) {
        const Square m = pop_lsb(bb);
        for (int d = 0; d < DIRECTION_NB; ++d) result |= steps_[m][d];
    }
    return result & ~lines;
}

namespace {

Geometry::LeapRule grid_rule() { return Geometry::LeapRule::Grid; }

}  // namespace

Geometry Geometry::rectangle(int files, int ranks) {
    Geometry g;
    g.id_ = std::to_string(files) + "x" + std::to_string(ranks);
    g.width_ = files, g.height_ = ranks;
    g.leap_rule_ = grid_rule();
    std::vector<Square> at(static_cast<size_t>(files * ranks));
    for (int r = 0; r < ranks; ++r)
        for (int f = 0; f < files; ++f)
            at[r * files + f] = g.add(file_name(f) + std::to_string(r + 1), f, r);
    for (int r = 0; r < ranks; ++r)
        for (int f = 0; f < files; ++f)
            for (int d : {NORTH, NORTH_EAST, EAST, NORTH_WEST}) {
                const int tf = f + DELTA[d][0], tr = r + DELTA[d][1];
                if (tf >= 0 && tf < files && tr >= 0 && tr < ranks)
                    g.link(at[r * files + f], Direction(d), at[tr * files + tf]);
            }
    g.finish();
    return g;
}

Geometry Geometry::chess2016() {
    // 12 x 10 box: main field b-k / 2-9, e-h on ranks 1 and 10, wings a4-a7 and l4-l7.
    auto exists = [](int f, int r) {
        if (f >= 1 && f <= 10 && r >= 1 && r <= 8) return true;
        if ((r == 0 || r == 9) && f >= 4 && f <= 7) return true;
        return (f == 0 || f == 11) && r >= 3 && r <= 6;
    };
    Geometry g;
    g.id_ = "chess2016";
    g.width_ = 12, g.height_ = 10;
    std::vector<Square> at(120, SQ_NONE);
    for (int r = 0; r < 10; ++r)
        for (int f = 0; f < 12; ++f)
            if (exists(f, r)) at[r * 12 + f] = g.add(file_name(f) + std::to_string(r + 1), f, r);
    for (int r = 0; r < 10; ++r)
        for (int f = 0; f < 12; ++f)
            for (int d : {NORTH, NORTH_EAST, EAST, NORTH_WEST}) {
                const int tf = f + DELTA[d][0], tr = r + DELTA[d][1];
                if (at[r * 12 + f] != SQ_NONE && tf >= 0 && tf < 12 && tr < 10 &&
                    at[tr * 12 + tf] != SQ_NONE)
                    g.link(at[r * 12 + f], Direction(d), at[tr * 12 + tf]);
            }
    g.finish();
    return g;
}

Geometry Geometry::chess66() {
    // Ranks 1-4 sit at x = file, ranks 5-8 one file to the left (x = file - 1), so that e5 is
    // straight above d4. Ordinary cells link by that picture; the switch fields 4 and 5 link
    // exactly as the rulings list, and every link works both ways.
    Geometry g;
    g.id_ = "chess66";
    g.width_ = 8, g.height_ = 8;
    g.leap_rule_ = LeapRule::KingPaths;
    std::vector<Square> at(64);
    Square four = SQ_NONE, five = SQ_NONE;
    for (int r = 0; r < 8; ++r) {
        if (r == 3) four = g.add("4", -1, 3);
        for (int f = 0; f < 8; ++f)
            at[r * 8 + f] = g.add(file_name(f) + std::to_string(r + 1), f, r);
        if (r == 4) five = g.add("5", 8, 4);
    }
    auto x_of = [](int f, int r) { return r < 4 ? f : f - 1; };
    for (int r = 0; r < 8; ++r)
        for (int f = 0; f < 8; ++f)
            for (int r2 = 0; r2 < 8; ++r2)
                for (int f2 = 0; f2 < 8; ++f2)
                    for (int d : {NORTH, NORTH_EAST, EAST, NORTH_WEST})
                        if (x_of(f2, r2) - x_of(f, r) == DELTA[d][0] && r2 - r == DELTA[d][1])
                            g.link(at[r * 8 + f], Direction(d), at[r2 * 8 + f2]);
    auto sq = [&](char f, int r) { return at[(r - 1) * 8 + (f - 'a')]; };
    g.link(four, NORTH, sq('a', 5));
    g.link(four, NORTH_EAST, sq('b', 5));
    g.link(four, EAST, sq('b', 4));
    g.link(four, SOUTH_EAST, sq('b', 3));
    g.link(four, SOUTH, sq('a', 3));
    g.link(five, SOUTH, sq('h', 4));
    g.link(five, SOUTH_WEST, sq('g', 4));
    g.link(five, WEST, sq('g', 5));
    g.link(five, NORTH_WEST, sq('g', 6));
    g.link(five, NORTH, sq('h', 6));
    g.mates_[four] = square_bb(sq('a', 4));
    g.mates_[sq('a', 4)] = square_bb(four);
    g.mates_[five] = square_bb(sq('h', 5));
    g.mates_[sq('h', 5)] = square_bb(five);

    // The drawing. Each square is a unit square at (x_of(file, rank), rank), coloured by the parity
    // of x + rank on that picture, so h1 (x 7, y 0) is light and a8 (x -1, y 7) dark, as the page
    // says ("White still has a white right corner field, Black now a black one"). The two halves
    // cover [0, 8] x [0, 4] and [-1, 7] x [4, 8]; the page joins them with a triangle left of a4,
    // (-1, 4) (0, 3) (0, 4), whose slanted side runs on from a3's north-west corner (so a3 has no
    // north-west neighbour), and the same triangle turned 180 degrees right of h5, (8, 4) (7, 5)
    // (7, 4). It then halves a4 and h5 along the diagonals parallel to those slanted sides:
    //   4  = triangle left of a4 + lower-left half of a4 (0, 3) (1, 3) (0, 4): the parallelogram
    //        (0, 3) (1, 3) (0, 4) (-1, 4); its triangle outside a4 lies where the dark square
    //        (x -1, y 3) would be, its half of a4 is light, so 4 is two-coloured;
    //   a4 = the upper-right half (1, 3) (1, 4) (0, 4), light;
    //   5  = triangle right of h5 + upper-right half of h5 (7, 4) (7, 5) (6, 5): the parallelogram
    //        (7, 4) (8, 4) (7, 5) (6, 5), light outside h5 and dark inside it;
    //   h5 = the lower-left half (6, 4) (7, 4) (6, 5), dark.
    // The 66 polygons tile the outline (area 32 + 32 + 2 * 1/2 = 65) without overlap; 4 touches
    // a3 and a5 along edges and b3, b4, b5 at the corners (1, 3) and (0, 4), as its links say
    // (tests/geometry_export_test.cpp checks all of this).
    auto draw = [&](Square s, Polygon polygon, CellColour colour) {
        g.cells_[s].polygon = std::move(polygon);
        g.cells_[s].colour = colour;
    };
    for (int r = 4; r < 8; ++r)
        for (int f = 0; f < 8; ++f) {
            const double x = f - 1, y = r;
            draw(at[r * 8 + f], {{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}},
                 (f - 1 + r) % 2 ? CellColour::Light : CellColour::Dark);
        }
    draw(four, {{0, 3}, {1, 3}, {0, 4}, {-1, 4}}, CellColour::Both);
    g.cells_[four].parts = {{{{0, 3}, {0, 4}, {-1, 4}}, CellColour::Dark},
                            {{{0, 3}, {1, 3}, {0, 4}}, CellColour::Light}};
    draw(sq('a', 4), {{1, 3}, {1, 4}, {0, 4}}, CellColour::Light);
    draw(five, {{7, 4}, {8, 4}, {7, 5}, {6, 5}}, CellColour::Both);
    g.cells_[five].parts = {{{{7, 4}, {8, 4}, {7, 5}}, CellColour::Light},
                            {{{7, 4}, {7, 5}, {6, 5}}, CellColour::Dark}};
    draw(sq('h', 5), {{6, 4}, {7, 4}, {6, 5}}, CellColour::Dark);
    g.finish();
    return g;
}

}  // namespace menagerie
