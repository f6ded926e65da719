// Chess 66 (Gerd Degens): the board of two shifted 8 x 4 halves joined by the switches 4/a4 and
// 5/h5 (games/boards.h), the orthodox men, White's array orthodox and Black's turned 180
// degrees (Kd8, Qe8), castling relative to that array. See docs/rules/chess66.md.
#include "games/boards.h"
#include "games/games.h"

namespace menagerie {

namespace {

constexpr const char* ARRAY = "RNBQKBNR";  // White's back rank, a to h

// Turns a cell 180 degrees: file f, rank r to file 7 - f, rank 7 - r (4 and 5 swap).
Square turned(const Geometry& g, Square s) {
    return g.at(7 - g.cell(s).file, g.height() - 1 - g.cell(s).rank);
}

}  // namespace

std::shared_ptr<const Game> make_chess66(const Options& options) {
    auto game = std::make_shared<Game>();
    game->name = "chess66";
    game->title = "Chess 66";
    game->geometry = chess66_board();
    for (const char* piece : {"pawn", "knight", "bishop", "rook", "queen", "king"})
        game->men.types.push_back(make_piece(piece));
    const Geometry& g = game->geometry;
    for (Square s = 0; s < g.size(); ++s) {
        const int rank = g.cell(s).rank;
        const Bitboard b = square_bb(s);
        if (rank == 0) game->zones.back_rank[WHITE] |= b, game->zones.promotion[BLACK] |= b;
        if (rank == 7) game->zones.back_rank[BLACK] |= b, game->zones.promotion[WHITE] |= b;
        if (rank == 1) game->zones.double_step[WHITE] |= b;
        if (rank == 6) game->zones.double_step[BLACK] |= b;
    }
    game->men.promotions = {1, 2, 3, 4};  // knight, bishop, rook, queen
    // Lone minor pieces are dead here as on the orthodox board (checked by exhaustive search in
    // tests/chess66_test.cpp); bishops change colour, which outcome.cpp knows.
    game->rules.orthodox_material = true;
    // Castling as in chess, turned with the array: White's king e1 to g1 (rook h1 to f1) or c1
    // (rook a1 to d1); Black's king d8 to b8 (rook a8 to c8, the short castling) or f8 (rook h8
    // to e8, the long one). The sides are named by files: KING_SIDE is towards the h-file.
    CastlingRules& c = game->rules.castling;
    c.enabled = true;
    c.king_to[WHITE] = {g.find("g1"), g.find("c1")};
    c.rook_to[WHITE] = {g.find("f1"), g.find("d1")};
    c.king_to[BLACK] = {g.find("f8"), g.find("b8")};
    c.rook_to[BLACK] = {g.find("e8"), g.find("c8")};
    c.black_san = {"O-O-O", "O-O"};
    apply_options(*game, options);
    game->freeze();
    game->start.setups = {{0, ARRAY, {"standard"}}};
    game->start.build_setup = [](Position& pos, int) {
        const Game& g66 = pos.game();
        const Geometry& geo = pos.geometry();
        for (int f = 0; f < 8; ++f) {
            size_t at = static_cast<size_t>(f);
            const int type = type_of(g66.read_token(ARRAY, at));
            const Square w = geo.at(f, 0), p = geo.at(f, 1);
            pos.put(w, make_piece_code(WHITE, type));
            pos.put(p, make_piece_code(WHITE, g66.men.pawn));
            pos.put(turned(geo, w), make_piece_code(BLACK, type));
            pos.put(turned(geo, p), make_piece_code(BLACK, g66.men.pawn));
        }
        give_castling_rights(pos);
    };
    game->start.build_start = [](Position& pos) { pos.game().start.build_setup(pos, 0); };
    return game;
}

}  // namespace menagerie
