// The board as data: named cells, and for every cell and direction the cells one step away.
//
// A step usually reaches one cell or none (a hole or the edge). On Chess 66 a step that enters a
// switch reaches both of its fields, since the mover may end on either; the two fields of a switch
// are "mates" and are never neighbours of each other. Everything a piece can do is derived from
// these steps (rides, bent and crooked paths) or from leaps (Geometry::leap).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.h"

namespace menagerie {

enum Direction : int {
    NORTH,
    NORTH_EAST,
    EAST,
    SOUTH_EAST,
    SOUTH,
    SOUTH_WEST,
    WEST,
    NORTH_WEST,
    DIRECTION_NB
};

constexpr Direction opposite(Direction d) { return Direction((d + 4) & 7); }
constexpr Direction turn(Direction d, int eighths) { return Direction((d + eighths + 8) & 7); }
// Black's view of a White direction: north and south swap, east and west stay.
constexpr Direction flip_vertical(Direction d) { return Direction((12 - d) & 7); }
constexpr bool is_diagonal(Direction d) { return d & 1; }
// A step in direction d on a grid of files and ranks: (files, ranks).
inline constexpr std::array<std::array<int, 2>, DIRECTION_NB> DIRECTION_DELTA = {
    {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}};

// Where a cell is drawn, in board units: x to the right and y up as White sees the board, one
// unit per ordinary square. Polygons list their corners counter-clockwise.
struct Point {
    double x = 0, y = 0;
    friend bool operator==(const Point&, const Point&) = default;
};
using Polygon = std::vector<Point>;

// A cell's colour on the drawn board. Chess 66's transfer fields 4 and 5 are two-coloured.
enum class CellColour { Light, Dark, Both };

struct ColouredPolygon {
    Polygon polygon;
    CellColour colour = CellColour::Light;
};

struct Box {
    double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
};

struct Cell {
    std::string name;
    int file;  // grid coordinates used for names, leaps and notation
    int rank;
    Polygon polygon;  // its outline where drawn
    CellColour colour = CellColour::Light;
    std::vector<ColouredPolygon> parts;  // for a two-coloured cell, its single-coloured parts
    Square mate = SQ_NONE;               // the other field of its switch, if any
};

// The centroid of a simple polygon (where a man on the cell is drawn).
Point centroid(const Polygon& p);
// The signed area: positive for counter-clockwise corners.
double area(const Polygon& p);

class Geometry {
  public:
    enum class LeapRule {
        Grid,       // a (dx, dy) leap lands on the cell dx files and dy ranks away
        KingPaths,  // a (1,2) leap lands on cells two king steps away that share no line with it
    };

    // Plain rectangle of files x ranks, names a1.. as usual. The games' own boards are built in
    // src/games (games/boards.h) with the building calls below.
    static Geometry rectangle(int files, int ranks);
    Geometry() = default;  // empty
    // Building a board: an empty one named `id` in a box of width x height, its cells (in rank
    // order), their links, its switches and drawing, then finish().
    Geometry(std::string id, int width, int height, LeapRule leap_rule = LeapRule::Grid);
    // A cell drawn as the unit square at (x, y) = (file, rank), coloured as on an orthodox board
    // (light where file + rank is odd: a1 dark, h1 light); draw() may redraw it.
    Square add(std::string name, int file, int rank);
    void link(Square from, Direction d, Square to);  // and back, in the opposite direction
    void pair_switch(Square a, Square b);  // the two fields of a switch: a step into one is in both
    void draw(Square s, Polygon polygon, CellColour colour,
              std::vector<ColouredPolygon> parts = {});
    // Completes the tables; throws std::logic_error if the cells are not in rank order.
    void finish();

    const std::string& id() const { return id_; }
    int size() const { return static_cast<int>(cells_.size()); }
    int width() const { return width_; }
    int height() const { return height_; }
    // The files the cells span: 0 to width - 1 on most boards; Chess 66's switch fields lie beside.
    int min_file() const { return min_file_; }
    int max_file() const { return max_file_; }
    // The box holding every cell's polygon.
    const Box& bounds() const { return bounds_; }
    const Cell& cell(Square s) const { return cells_[s]; }
    const std::string& name(Square s) const { return cells_[s].name; }
    Square find(std::string_view name) const;
    Square at(int file, int rank) const;
    Bitboard step(Square s, Direction d) const { return steps_[s][d]; }
    Bitboard mate(Square s) const { return mates_[s]; }
    Bitboard switch_fields() const { return switch_fields_; }
    // The cell a mirrored array uses: same file, rank counted from the other side.
    Square mirror(Square s) const { return at(cells_[s].file, height_ - 1 - cells_[s].rank); }
    // Cells a leap by (dx, dy) reaches from s; throws std::invalid_argument where this geometry
    // does not define such a leap.
    Bitboard leap(Square s, int dx, int dy) const;
    // The cells reached from s by going on in direction d over empty cells, on an empty board.
    Bitboard ray(Square s, Direction d) const;

  private:
    std::string id_;
    int width_ = 0, height_ = 0;
    LeapRule leap_rule_ = LeapRule::Grid;
    std::vector<Cell> cells_;
    std::vector<std::array<Bitboard, DIRECTION_NB>> steps_;
    std::vector<Bitboard> mates_;
    std::vector<Square> grid_;         // (max_file - min_file + 1) * height, SQ_NONE for holes
    int min_file_ = 0, max_file_ = 0;  // Chess 66's switch fields lie beside the 8 files
    Bitboard switch_fields_ = 0;
    Box bounds_;
};

std::string file_name(int file);

}  // namespace menagerie
