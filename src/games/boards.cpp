#include "games/boards.h"

namespace menagerie {

Geometry chess2016_board() {
    // 12 x 10 box: main field b-k / 2-9, e-h on ranks 1 and 10, wings a4-a7 and l4-l7.
    auto exists = [](int f, int r) {
        if (f >= 1 && f <= 10 && r >= 1 && r <= 8) return true;
        if ((r == 0 || r == 9) && f >= 4 && f <= 7) return true;
        return (f == 0 || f == 11) && r >= 3 && r <= 6;
    };
    Geometry g("chess2016", 12, 10);
    std::vector<Square> at(120, SQ_NONE);
    for (int r = 0; r < 10; ++r)
        for (int f = 0; f < 12; ++f)
            if (exists(f, r)) at[r * 12 + f] = g.add(file_name(f) + std::to_string(r + 1), f, r);
    for (int r = 0; r < 10; ++r)
        for (int f = 0; f < 12; ++f)
            for (int d : {NORTH, NORTH_EAST, EAST, NORTH_WEST}) {
                const int tf = f + DIRECTION_DELTA[d][0], tr = r + DIRECTION_DELTA[d][1];
                if (at[r * 12 + f] != SQ_NONE && tf >= 0 && tf < 12 && tr < 10 &&
                    at[tr * 12 + tf] != SQ_NONE)
                    g.link(at[r * 12 + f], Direction(d), at[tr * 12 + tf]);
            }
    g.finish();
    return g;
}

Geometry chess66_board() {
    // Ranks 1-4 sit at x = file, ranks 5-8 one file to the left (x = file - 1), so that e5 is
    // straight above d4. Ordinary cells link by that picture; the switch fields 4 and 5 link
    // exactly as the rulings list, and every link works both ways.
    Geometry g("chess66", 8, 8, Geometry::LeapRule::KingPaths);
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
                        if (x_of(f2, r2) - x_of(f, r) == DIRECTION_DELTA[d][0] &&
                            r2 - r == DIRECTION_DELTA[d][1])
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
    g.pair_switch(four, sq('a', 4));
    g.pair_switch(five, sq('h', 5));

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
    for (int r = 4; r < 8; ++r)
        for (int f = 0; f < 8; ++f) {
            const double x = f - 1, y = r;
            g.draw(at[r * 8 + f], {{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}},
                   (f - 1 + r) % 2 ? CellColour::Light : CellColour::Dark);
        }
    g.draw(four, {{0, 3}, {1, 3}, {0, 4}, {-1, 4}}, CellColour::Both,
           {{{{0, 3}, {0, 4}, {-1, 4}}, CellColour::Dark},
            {{{0, 3}, {1, 3}, {0, 4}}, CellColour::Light}});
    g.draw(sq('a', 4), {{1, 3}, {1, 4}, {0, 4}}, CellColour::Light);
    g.draw(five, {{7, 4}, {8, 4}, {7, 5}, {6, 5}}, CellColour::Both,
           {{{{7, 4}, {8, 4}, {7, 5}}, CellColour::Light},
            {{{7, 4}, {7, 5}, {6, 5}}, CellColour::Dark}});
    g.draw(sq('h', 5), {{6, 4}, {7, 4}, {6, 5}}, CellColour::Dark);
    g.finish();
    return g;
}

}  // namespace menagerie
