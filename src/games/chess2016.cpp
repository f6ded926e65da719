// The Chess 2016 board with its default army (no dice yet: issue 6 adds them and makes chess56
// and chess2016 games of the catalogue). Used by `bench` and by the legality cross-checks, since
// its Cannon is the piece whose screens make legality awkward.
#include "games/games.h"

namespace menagerie {

std::shared_ptr<const Game> make_chess2016_default_army() {
    auto game = std::make_shared<Game>();
    game->name = "chess2016-default";
    game->title = "Chess 2016 (default army)";
    game->geometry = Geometry::chess2016();
    for (const char* piece :
         {"pawn", "knight", "bishop", "rook", "queen", "king", "camel", "tiger", "man", "cannon"})
        game->types.push_back(make_piece(piece));
    const Geometry& g = game->geometry;
    for (Square s = 0; s < g.size(); ++s) {
        const int rank = g.cell(s).rank;
        if (rank == 1) game->back_rank[WHITE] |= square_bb(s);
        if (rank == 8) game->back_rank[BLACK] |= square_bb(s);
        if (rank == 2) game->double_step_zone[WHITE] |= square_bb(s);
        if (rank == 7) game->double_step_zone[BLACK] |= square_bb(s);
        // A pawn promotes where no cell lies straight ahead of it.
        if (!g.step(s, NORTH)) game->promotion_zone[WHITE] |= square_bb(s);
        if (!g.step(s, SOUTH)) game->promotion_zone[BLACK] |= square_bb(s);
    }
    CastlingRules& c = game->castling;
    c.enabled = true;
    for (Color side : {WHITE, BLACK}) {
        const int rank = side == WHITE ? 1 : 8;  // the king goes three cells towards the rook
        c.king_to[side] = {g.at(9, rank), g.at(3, rank)};
        c.rook_to[side] = {g.at(8, rank), g.at(4, rank)};
    }
    game->freeze();
    for (int t = 0; t < static_cast<int>(game->types.size()); ++t)
        if (t != game->pawn && t != game->king) game->promotion_types.push_back(t);
    game->setups = {{0, "default", {}}};
    game->build_setup = [](Position& pos, int) {
        const Game& army = pos.game();
        const Geometry& geo = pos.geometry();
        auto type = [&](const std::string& name) {
            for (size_t t = 0; t < army.types.size(); ++t)
                if (army.types[t].name == name) return static_cast<int>(t);
            return -1;
        };
        // Rank 2 from b to k, rank 1 from e to h; Black mirrors file for file.
        const char* main_row[] = {"rook", "camel",  "knight", "bishop", "queen",
                                  "king", "bishop", "knight", "camel",  "rook"};
        const char* back_row[] = {"tiger", "man", "cannon", "tiger"};
        for (int f = 1; f <= 10; ++f) {
            pos.put(geo.at(f, 1), make_piece_code(WHITE, type(main_row[f - 1])));
            pos.put(geo.at(f, 8), make_piece_code(BLACK, type(main_row[f - 1])));
            pos.put(geo.at(f, 2), make_piece_code(WHITE, army.pawn));
            pos.put(geo.at(f, 7), make_piece_code(BLACK, army.pawn));
        }
        for (int f = 4; f <= 7; ++f) {
            pos.put(geo.at(f, 0), make_piece_code(WHITE, type(back_row[f - 4])));
            pos.put(geo.at(f, 9), make_piece_code(BLACK, type(back_row[f - 4])));
        }
        give_castling_rights(pos);
    };
    game->build_start = [](Position& pos) { pos.game().build_setup(pos, 0); };
    return game;
}

}  // namespace menagerie
