// Contemporary Random Chess (José Carrillo): 1,680 arrays with the king between the rooks,
// Black's turned 180 degrees; castling to b or g; the King's Bunker Leap; the Bishop Adjustment.
#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "games/games.h"

namespace menagerie {

namespace {

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

// FEN fields 7 and 8: the kings that may still make the Bunker Leap (Kk; castling rights need
// it), and for a side that may still adjust, the files of its unmoved back-rank men (ABCabc).
void read_contemporary_fields(Position& pos, const std::vector<std::string>& extra,
                              Bitboard& unmoved) {
    const Game& game = pos.game();
    const std::string bunker = extra.size() > 0 ? extra[0] : "-";
    const std::string adjust = extra.size() > 1 ? extra[1] : "-";
    Bitboard kings = 0;
    if (bunker != "-")
        for (char ch : bunker) {
            if (ch != 'K' && ch != 'k')
                throw Error(
                    ErrorKind::Fen, "Bunker Leap",
                    "FEN Bunker Leap field has unknown character " + quoted(std::string(1, ch)));
            const Color c = ch == 'K' ? WHITE : BLACK;
            const Square k = pos.king_square(c);
            if (k == SQ_NONE || !has(game.zones.back_rank[c], k))
                throw Error(ErrorKind::Fen, "Bunker Leap",
                            std::string("FEN Bunker Leap right needs the ") + colour_name(c) +
                                " king on its back rank");
            kings |= square_bb(k);
        }
    for (Color c : {WHITE, BLACK}) {
        const Square k = pos.king_square(c);
        if (k != SQ_NONE && has(unmoved, k) && !has(kings, k))
            throw Error(ErrorKind::Fen, "Bunker Leap",
                        std::string("FEN gives ") + colour_name(c) +
                            " castling rights but its king has moved (no Bunker Leap right)");
    }
    unmoved |= kings;
    uint8_t rights = 0;
    if (adjust != "-")
        for (char ch : adjust) {
            const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
            const int file = std::tolower(static_cast<unsigned char>(ch)) - 'a';
            Square s = SQ_NONE;
            for (Bitboard b = game.zones.back_rank[c]; b;) {
                const Square x = pop_lsb(b);
                if (pos.geometry().cell(x).file == file) s = x;
            }
            if (s == SQ_NONE || pos.piece_on(s) == NO_PIECE || color_of(pos.piece_on(s)) != c)
                throw Error(ErrorKind::Fen, "adjustment",
                            "FEN adjustment field lists " + quoted(std::string(1, ch)) +
                                " but no " + colour_name(c) +
                                " man stands on that file of its back rank");
            if (type_of(pos.piece_on(s)) == game.men.king && !has(kings, s))
                throw Error(ErrorKind::Fen, "adjustment",
                            std::string("FEN adjustment field lists the ") + colour_name(c) +
                                " king as unmoved but the Bunker Leap field does not");
            unmoved |= square_bb(s);
            rights |= static_cast<uint8_t>(1 << c);
        }
    pos.set_adjust_rights(rights);
}

std::string write_contemporary_fields(const Position& pos) {
    const Game& game = pos.game();
    std::string bunker, adjust;
    for (Color c : {WHITE, BLACK}) {
        if (pos.can_bunker_leap(c)) bunker += c == WHITE ? 'K' : 'k';
        if (!pos.can_adjust(c)) continue;
        std::vector<int> files;
        for (Bitboard b = pos.state().unmoved & pos.pieces(c) & game.zones.back_rank[c]; b;)
            files.push_back(pos.geometry().cell(pop_lsb(b)).file);
        std::sort(files.begin(), files.end());
        for (int f : files) adjust += static_cast<char>((c == WHITE ? 'A' : 'a') + f);
    }
    return " " + (bunker.empty() ? std::string("-") : bunker) + " " +
           (adjust.empty() ? std::string("-") : adjust);
}

}  // namespace

std::shared_ptr<const Game> make_contemporary(const Options& options) {
    auto game = orthodox_game("contemporary", "Contemporary Random Chess");
    apply_options(*game, options);
    const Geometry& g = game->geometry;
    CastlingRules& c = game->rules.castling;
    c.san = {"O-Og", "O-Ob"};
    for (Color side : {WHITE, BLACK}) {
        const int rank = side == WHITE ? 0 : 7;
        c.king_to[side] = {g.at(6, rank), g.at(1, rank)};
        c.rook_to[side] = {g.at(5, rank), g.at(2, rank)};
    }
    game->rules.bunker_leap = true;
    game->rules.bishop_adjustment = true;
    game->start.random_start = true;
    game->fen_extension = {2, read_contemporary_fields, write_contemporary_fields};
    game->freeze();

    // Every arrangement in alphabetical order (B < K < N < Q < R); the king between the rooks.
    std::string array = "BBKNNQRR";
    do {
        const size_t k = array.find('K'), r1 = array.find('R'), r2 = array.rfind('R');
        if (r1 < k && k < r2)
            game->start.setups.push_back({static_cast<int>(game->start.setups.size()), array, {}});
    } while (std::next_permutation(array.begin(), array.end()));
    game->start.build_setup = [](Position& pos, int n) {
        const Game& crc = pos.game();
        const std::string& white = crc.start.setups[static_cast<size_t>(n)].name;
        put_array(pos, white, BlackArray::Turned);
        give_castling_rights(pos);
        const size_t b1 = white.find('B'), b2 = white.rfind('B');
        if ((b1 & 1) == (b2 & 1)) {  // bishops on one colour: both sides may adjust
            pos.set_unmoved(pos.state().unmoved | crc.zones.back_rank[WHITE] |
                            crc.zones.back_rank[BLACK]);
            pos.set_adjust_rights(3);
        }
    };
    return game;
}

}  // namespace menagerie
