// Contemporary Random Chess (José Carrillo): 1,680 arrays with the king between the rooks,
// Black's turned 180 degrees; castling to b or g; the King's Bunker Leap; the Bishop Adjustment.
#include <algorithm>
#include <cctype>

#include "games/games.h"
#include "notation/fen.h"

namespace menagerie {

std::shared_ptr<const Game> make_contemporary(const Options& options) {
    auto game = orthodox_game("contemporary", "Contemporary Random Chess");
    apply_options(*game, options);
    const Geometry& g = game->geometry;
    CastlingRules& c = game->castling;
    c.san = {"O-Og", "O-Ob"};
    for (Color side : {WHITE, BLACK}) {
        const int rank = side == WHITE ? 0 : 7;
        c.king_to[side] = {g.at(6, rank), g.at(1, rank)};
        c.rook_to[side] = {g.at(5, rank), g.at(2, rank)};
    }
    game->bunker_leap = true;
    game->bishop_adjustment = true;
    game->random_start = true;
    game->freeze();

    // Every arrangement in alphabetical order (B < K < N < Q < R); the king between the rooks.
    std::string array = "BBKNNQRR";
    do {
        const size_t k = array.find('K'), r1 = array.find('R'), r2 = array.rfind('R');
        if (!(r1 < k && k < r2)) continue;
        const size_t b1 = array.find('B'), b2 = array.rfind('B');
        const bool same_colour = (b1 & 1) == (b2 & 1);
        std::string black(array.rbegin(), array.rend());
        for (char& ch : black) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        const std::string fen = black + "/pppppppp/8/8/8/8/PPPPPPPP/" + array +
                                " w KQkq - 0 1 Kk " + (same_colour ? "ABCDEFGHabcdefgh" : "-");
        const int n = static_cast<int>(game->setups.size());
        game->setups.push_back({n, array, write_fen(parse_fen(game, fen)), {}});
    } while (std::next_permutation(array.begin(), array.end()));
    return game;
}

}  // namespace menagerie
