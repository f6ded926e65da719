#include "core/geometry.h"

#include <algorithm>
#include <stdexcept>

namespace menagerie {

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

Geometry::Geometry(std::string id, int width, int height, LeapRule leap_rule)
    : id_(std::move(id)), width_(width), height_(height), leap_rule_(leap_rule) {}

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

void Geometry::pair_switch(Square a, Square b) {
    mates_[a] = square_bb(b);
    mates_[b] = square_bb(a);
}

void Geometry::draw(Square s, Polygon polygon, CellColour colour,
                    std::vector<ColouredPolygon> parts) {
    cells_[s].polygon = std::move(polygon);
    cells_[s].colour = colour;
    cells_[s].parts = std::move(parts);
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

Geometry Geometry::rectangle(int files, int ranks) {
    Geometry g(std::to_string(files) + "x" + std::to_string(ranks), files, ranks);
    std::vector<Square> at(static_cast<size_t>(files * ranks));
    for (int r = 0; r < ranks; ++r)
        for (int f = 0; f < files; ++f)
            at[r * files + f] = g.add(file_name(f) + std::to_string(r + 1), f, r);
    for (int r = 0; r < ranks; ++r)
        for (int f = 0; f < files; ++f)
            for (int d : {NORTH, NORTH_EAST, EAST, NORTH_WEST}) {
                const int tf = f + DIRECTION_DELTA[d][0], tr = r + DIRECTION_DELTA[d][1];
                if (tf >= 0 && tf < files && tr >= 0 && tr < ranks)
                    g.link(at[r * files + f], Direction(d), at[tr * files + tf]);
            }
    g.finish();
    return g;
}

}  // namespace menagerie
