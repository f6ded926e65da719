// Placement Chess, Reduced Placement Chess and Chess20 (Mats Winther). The relocation phase is
// two pending choices (Black places the kings, then White the queens, each mirrored by the other
// army); Chess20 starts from one of the 20 arrays that phase can produce.
#include <algorithm>

#include "core/error.h"
#include "core/rules.h"
#include "games/games.h"

namespace menagerie {

namespace {

constexpr const char* ORTHODOX = "RNBQKBNR";

// The choice moves of the pending step, "keep" first, then by the partner's file.
std::vector<Move> choices(Position& pos) {
    MoveList list;
    list.count = 0;
    generate_choices(pos, list);
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

void build_start(Position& pos) {
    put_array(pos, ORTHODOX, BlackArray::Mirrored);
    give_castling_rights(pos);
    pos.set_pending(0);
    pos.set_side_to_move(pos.game().rules.choice_steps[0].chooser);
}

// FEN field 7: the pending step of the relocation phase, K (Black places the kings) or Q (White
// places the queens), or - once play has begun. A pending step is only possible in the arrays
// the phase passes through.
void read_placement_fields(Position& pos, const std::vector<std::string>& extra, Bitboard&) {
    const std::string field = extra.empty() ? "-" : extra[0];
    if (field == "-") return;
    if (field != "K" && field != "Q")
        throw Error(ErrorKind::Fen, "relocation",
                    "FEN relocation field " + quoted(field) + " is not K, Q or -");
    const uint8_t step = field == "K" ? 0 : 1;
    const Game& game = pos.game();
    const Color chooser = game.rules.choice_steps[step].chooser;
    if (pos.side_to_move() != chooser)
        throw Error(ErrorKind::Fen, "relocation",
                    "FEN relocation field " + field + " needs " +
                        (chooser == WHITE ? "White" : "Black") +
                        " to move (that side chooses now)");
    // The arrays at which this step can be pending: the start, and for the second step the
    // start after each choice of the first.
    Position start(pos.game_ptr());
    build_start(start);
    start.finish_setup();
    std::vector<std::string> arrays;
    if (step == 0) {
        arrays.push_back(back_rank(start));
    } else {
        for (Move m : choices(start)) {
            StateInfo st;
            start.do_move(m, st);
            arrays.push_back(back_rank(start));
            start.undo_move(m);
        }
    }
    bool is_array = true;
    for (int f = 0; f < 8 && is_array; ++f) {  // every man at home, the arrays mirrored
        const Geometry& g = pos.geometry();
        const Piece w = pos.piece_on(g.at(f, 0)), b = pos.piece_on(g.at(f, 7));
        is_array = w != NO_PIECE && b != NO_PIECE && color_of(w) == WHITE && color_of(b) == BLACK &&
                   type_of(b) == type_of(w) &&
                   pos.piece_on(g.at(f, 1)) == make_piece_code(WHITE, game.men.pawn) &&
                   pos.piece_on(g.at(f, 6)) == make_piece_code(BLACK, game.men.pawn);
    }
    is_array = is_array && std::find(arrays.begin(), arrays.end(), back_rank(pos)) != arrays.end();
    if (!is_array || popcount(pos.pieces()) != 32 || pos.rule50() != 0 || pos.fullmove() != 1)
        throw Error(ErrorKind::Fen, "relocation",
                    "FEN relocation field " + field +
                        " needs an array the relocation phase can have (all men at home, the "
                        "arrays mirrored, no move played)");
    pos.set_pending(step);
}

std::string write_placement_fields(const Position& pos) {
    if (pos.pending() == NO_PENDING) return "";
    return pos.pending() == 0 ? " K" : " Q";
}

}  // namespace

std::shared_ptr<const Game> make_placement(const std::string& name, const Options& options) {
    const bool reduced = name == "placement-reduced", random = name == "chess20";
    auto game = orthodox_game(name, reduced  ? "Reduced Placement Chess"
                                    : random ? "Chess20 (Placement Random Chess)"
                                             : "Placement Chess");
    game->option_list = {{"castling", {"placement", "chess960"}}, {"curtailed", {"off", "on"}}};
    apply_options(*game, options);
    game->rules.castling.between_unattacked = game->options["castling"] == "placement";
    game->rules.castling.curtailed = game->options["curtailed"] == "on";
    game->rules.castling.own_side_file = {6, 1};  // g-file kings castle short, b-file kings long
    game->fen_extension = {1, read_placement_fields, write_placement_fields};
    game->freeze();
    auto types = [&](std::initializer_list<int> list) {
        TypeSet set = 0;
        for (int t : list) set |= type_bit(t);
        return set;
    };
    // Black swaps the king with any piece but a rook (reduced: only the queen); White swaps the
    // queen with a knight or a bishop.
    game->rules.choice_steps = {
        ChoiceStep{BLACK, game->men.king,
                   reduced ? types({game->men.queen})
                           : types({game->men.knight, game->men.bishop, game->men.queen})},
        ChoiceStep{WHITE, game->men.queen, types({game->men.knight, game->men.bishop})}};

    // The setups: every outcome of the phase, Black's choice first, then White's.
    Position pos(game);
    build_start(pos);
    pos.finish_setup();
    const Geometry& g = game->geometry;
    for (Move king : choices(pos)) {
        StateInfo s1, s2;
        pos.do_move(king, s1);
        for (Move queen : choices(pos)) {
            pos.do_move(queen, s2);
            const std::string uci = g.name(king.from()) + g.name(king.to()) + "," +
                                    g.name(queen.from()) + g.name(queen.to());
            const std::string san = "K<>" + g.name(king.to()) + ",Q<>" + g.name(queen.to());
            game->start.setups.push_back(
                {static_cast<int>(game->start.setups.size()), back_rank(pos), {uci, san}});
            pos.undo_move(queen);
        }
        pos.undo_move(king);
    }
    game->start.build_setup = [](Position& p, int n) {
        put_array(p, p.game().start.setups[static_cast<size_t>(n)].name, BlackArray::Mirrored);
        give_castling_rights(p);
    };
    if (random) {
        game->rules.choice_steps.clear();  // Chess20 has no relocation phase
        game->fen_extension = {};
        game->start.random_start = true;
    } else {
        game->start.build_start = build_start;
    }
    return game;
}

}  // namespace menagerie
