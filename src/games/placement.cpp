// Placement Chess, Reduced Placement Chess and Chess20 (Mats Winther). The relocation phase is
// played as moves (Black chooses the kings, then White the queens, each mirrored by the other
// army); Chess20 starts from one of the 20 arrays that phase can produce.
#include <algorithm>

#include "core/movegen.h"
#include "games/games.h"
#include "notation/fen.h"

namespace menagerie {

namespace {

// Relocation moves with "keep" first, then by the partner's file.
std::vector<Move> choices(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<Move> moves(list.begin(), list.end());
    std::sort(moves.begin(), moves.end(), [](Move a, Move b) {
        const bool ka = a.from() == a.to(), kb = b.from() == b.to();
        return ka != kb ? ka : a.to() < b.to();
    });
    return moves;
}

std::string back_rank(const Position& pos) {
    std::string s;
    for (int f = 0; f < 8; ++f)
        s += pos.game().token(type_of(pos.piece_on(pos.geometry().at(f, 0))));
    return s;
}

}  // namespace

std::shared_ptr<const Game> make_placement(const std::string& name, const Options& options) {
    const bool reduced = name == "placement-reduced", random = name == "chess20";
    auto game = orthodox_game(name, reduced  ? "Reduced Placement Chess"
                                    : random ? "Chess20 (Placement Random Chess)"
                                             : "Placement Chess");
    game->option_list = {{"castling", {"placement", "chess960"}}, {"curtailed", {"off", "on"}}};
    apply_options(*game, options);
    game->castling.between_unattacked = game->options["castling"] == "placement";
    game->castling.curtailed = game->options["curtailed"] == "on";
    game->castling.own_side_file = {6, 1};  // g-file kings castle short, b-file kings long
    game->relocation = true;
    game->freeze();
    auto types = [&](std::initializer_list<int> list) {
        TypeSet set = 0;
        for (int t : list) set |= type_bit(t);
        return set;
    };
    // Black swaps the king with any piece but a rook (reduced: only the queen); White swaps the
    // queen with a knight or a bishop.
    game->relocation_steps = {
        RelocationStep{
            BLACK, game->king,
            reduced ? types({game->queen}) : types({game->knight, game->bishop, game->queen})},
        RelocationStep{WHITE, game->queen, types({game->knight, game->bishop})}};

    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 K";
    Position pos = parse_fen(game, start);
    const Geometry& g = game->geometry;
    for (Move king : choices(pos)) {
        StateInfo s1, s2;
        pos.do_move(king, s1);
        for (Move queen : choices(pos)) {
            pos.do_move(queen, s2);
            const int n = static_cast<int>(game->setups.size());
            const std::string uci = g.name(king.from()) + g.name(king.to()) + "," +
                                    g.name(queen.from()) + g.name(queen.to());
            const std::string san = "K<>" + g.name(king.to()) + ",Q<>" + g.name(queen.to());
            game->setups.push_back({n, back_rank(pos), write_fen(pos), {uci, san}});
            pos.undo_move(queen);
        }
        pos.undo_move(king);
    }
    if (random) {
        game->relocation = false;
        game->random_start = true;
    } else {
        game->start_fen = start;
    }
    return game;
}

}  // namespace menagerie
