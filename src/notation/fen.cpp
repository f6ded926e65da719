#include "notation/fen.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "core/error.h"

namespace menagerie {

namespace {

std::vector<std::vector<Square>> rank_cells(const Geometry& g) {
    std::vector<std::vector<Square>> ranks(static_cast<size_t>(g.height()));
    for (Square s = 0; s < g.size(); ++s) ranks[g.cell(s).rank].push_back(s);
    for (auto& r : ranks)
        std::sort(r.begin(), r.end(),
                  [&](Square a, Square b) { return g.cell(a).file < g.cell(b).file; });
    return ranks;
}

std::vector<std::string> split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string field; in >> field;) out.push_back(field);
    return out;
}

int parse_count(const std::string& field, const char* what, int min) {
    if (field.empty() || field.size() > 6 || !std::all_of(field.begin(), field.end(), ::isdigit))
        throw Error(std::string("FEN ") + what + " '" + field + "' is not a number");
    const int n = std::stoi(field);
    if (n < min)
        throw Error(std::string("FEN ") + what + " must be at least " + std::to_string(min));
    return n;
}

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

void parse_board(Position& pos, const std::string& board) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    const auto ranks = rank_cells(g);
    std::vector<std::string> rows;
    std::string row;
    for (char ch : board) {
        if (ch == '/')
            rows.push_back(row), row.clear();
        else
            row += ch;
    }
    rows.push_back(row);
    if (rows.size() != ranks.size())
        throw Error("FEN board has " + std::to_string(rows.size()) + " ranks, expected " +
                    std::to_string(ranks.size()));
    for (size_t i = 0; i < rows.size(); ++i) {
        const int rank = g.height() - 1 - static_cast<int>(i);
        const auto& cells = ranks[rank];
        size_t at = 0;
        const std::string& r = rows[i];
        auto rank_error = [rank](const std::string& what) {
            return Error("FEN rank " + std::to_string(rank + 1) + " " + what);
        };
        for (size_t j = 0; j < r.size(); ++j) {
            const char ch = r[j];
            if (std::isdigit(static_cast<unsigned char>(ch))) {
                size_t k = j;
                while (k < r.size() && std::isdigit(static_cast<unsigned char>(r[k]))) ++k;
                if (k - j > 3) throw rank_error("has a count that is too long");
                const int n = std::stoi(r.substr(j, k - j));
                if (n == 0) throw rank_error("has an empty count of 0");
                at += static_cast<size_t>(n);
                j = k - 1;
            } else {
                size_t end = j;
                const Piece piece = game.read_token(r, end);
                if (piece == NO_PIECE)
                    throw Error(std::string("FEN board has unknown piece letter '") + ch +
                                "' for " + game.name);
                if (at >= cells.size())
                    throw rank_error("has more than " + std::to_string(cells.size()) + " cells");
                pos.put(cells[at++], piece);
                j = end - 1;
            }
            if (at > cells.size()) break;
        }
        if (at != cells.size())
            throw rank_error("describes " + std::to_string(at) + " cells, expected " +
                             std::to_string(cells.size()));
    }
}

void parse_castling(Position& pos, const std::string& field, Bitboard& unmoved) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    if (field == "-") return;
    if (!game.castling.enabled) throw Error("FEN castling field must be '-' in " + game.name);
    for (char ch : field) {
        const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
        const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        const Square ksq = pos.king_square(c);
        if (ksq == SQ_NONE || !has(game.back_rank[c], ksq))
            throw Error(std::string("FEN castling right '") + ch + "' needs the " + colour_name(c) +
                        " king on its back rank");
        const int kfile = g.cell(ksq).file;
        const Bitboard rooks = pos.pieces(c, game.rook) & game.back_rank[c];
        Square rsq = SQ_NONE;
        if (up == 'K' || up == 'Q') {
            for (Bitboard b = rooks; b;) {
                const Square s = pop_lsb(b);
                const int f = g.cell(s).file;
                if (up == 'K' && f > kfile && (rsq == SQ_NONE || f > g.cell(rsq).file)) rsq = s;
                if (up == 'Q' && f < kfile && (rsq == SQ_NONE || f < g.cell(rsq).file)) rsq = s;
            }
        } else if (up >= 'A' && up < 'A' + g.width()) {
            for (Bitboard b = rooks; b;) {
                const Square s = pop_lsb(b);
                if (g.cell(s).file == up - 'A') rsq = s;
            }
        } else {
            throw Error(std::string("FEN castling field has unknown character '") + ch + "'");
        }
        if (rsq == SQ_NONE)
            throw Error(std::string("FEN castling right '") + ch + "' has no " + colour_name(c) +
                        " rook to castle with");
        const CastlingSide side = g.cell(rsq).file > kfile ? KING_SIDE : QUEEN_SIDE;
        if (pos.castling_rook(c, side) != SQ_NONE && pos.castling_rook(c, side) != rsq)
            throw Error(std::string("FEN castling field gives ") + colour_name(c) +
                        " two rooks on one side");
        pos.set_castling_rook(c, side, rsq);
        unmoved |= square_bb(rsq) | square_bb(ksq);
    }
}

void parse_ep(Position& pos, const std::string& field) {
    if (field == "-") return;
    const Game& game = pos.game();
    const Square ep = pos.geometry().find(field);
    if (ep == SQ_NONE) throw Error("FEN en passant field '" + field + "' is not a cell");
    if (game.pawn < 0) throw Error("FEN en passant field must be '-' in " + game.name);
    const Color us = pos.side_to_move(), them = ~us;
    if (pos.piece_on(ep) != NO_PIECE) throw Error("FEN en passant cell " + field + " is not empty");
    const Bitboard victims =
        pos.tables().piece(game.pawn, them).quiet[ep] & pos.pieces(them, game.pawn);
    if (!victims) throw Error("FEN en passant cell " + field + " has no pawn that just passed it");
    // Kept only when a pawn could take, as the position reached by the double step would have it.
    if (pos.tables().piece(game.pawn, us).reverse_capture[ep] & pos.pieces(us, game.pawn)) {
        pos.root_state().ep_square = ep;
        pos.root_state().ep_victim = lsb(victims);
    }
}

}  // namespace

Position parse_fen(const std::shared_ptr<const Game>& game, const std::string& fen) {
    const auto fields = split(fen);
    if (fields.empty()) throw Error("FEN is empty");
    const size_t extras = game->relocation ? 1 : game->bunker_leap ? 2 : 0;
    if (fields.size() < 2 || fields.size() > 6 + extras)
        throw Error("FEN has " + std::to_string(fields.size()) + " fields, expected 2 to " +
                    std::to_string(6 + extras));
    Position pos(game);
    parse_board(pos, fields[0]);
    if (fields[1] != "w" && fields[1] != "b")
        throw Error("FEN side to move '" + fields[1] + "' is not w or b");
    pos.set_side_to_move(fields[1] == "w" ? WHITE : BLACK);
    Bitboard unmoved = 0;
    parse_castling(pos, fields.size() > 2 ? fields[2] : "-", unmoved);
    StateInfo& st = pos.root_state();
    if (fields.size() > 3) parse_ep(pos, fields[3]);
    if (fields.size() > 4) st.rule50 = parse_count(fields[4], "halfmove clock", 0);
    if (fields.size() > 5) pos.set_fullmove(parse_count(fields[5], "fullmove number", 1));

    if (game->relocation && fields.size() > 6) {
        const std::string& phase = fields[6];
        if (phase == "K")
            st.phase = CHOOSE_KING;
        else if (phase == "Q")
            st.phase = CHOOSE_QUEEN;
        else if (phase != "-")
            throw Error("FEN relocation field '" + phase + "' is not K, Q or -");
        if (st.phase != PLAY && pos.side_to_move() != game->relocation_steps[st.phase - 1].chooser)
            throw Error("FEN relocation field " + phase + " needs " +
                        colour_name(game->relocation_steps[st.phase - 1].chooser) +
                        " to move (that side chooses now)");
    }
    if (game->bunker_leap) {
        const std::string bunker = fields.size() > 6 ? fields[6] : "-";
        const std::string adjust = fields.size() > 7 ? fields[7] : "-";
        Bitboard kings = 0;
        if (bunker != "-")
            for (char ch : bunker) {
                if (ch != 'K' && ch != 'k')
                    throw Error(std::string("FEN Bunker Leap field has unknown character '") + ch +
                                "'");
                const Color c = ch == 'K' ? WHITE : BLACK;
                const Square k = pos.king_square(c);
                if (k == SQ_NONE || !has(game->back_rank[c], k))
                    throw Error(std::string("FEN Bunker Leap right needs the ") + colour_name(c) +
                                " king on its back rank");
                kings |= square_bb(k);
            }
        for (Color c : {WHITE, BLACK}) {
            const Square k = pos.king_square(c);
            if (k != SQ_NONE && has(unmoved, k) && !has(kings, k))
                throw Error(std::string("FEN gives ") + colour_name(c) +
                            " castling rights but its king has moved (no Bunker Leap right)");
        }
        unmoved |= kings;
        if (adjust != "-")
            for (char ch : adjust) {
                const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
                const int file = std::tolower(static_cast<unsigned char>(ch)) - 'a';
                Square s = SQ_NONE;
                for (Bitboard b = game->back_rank[c]; b;) {
                    const Square x = pop_lsb(b);
                    if (pos.geometry().cell(x).file == file) s = x;
                }
                if (s == SQ_NONE || pos.piece_on(s) == NO_PIECE || color_of(pos.piece_on(s)) != c)
                    throw Error(std::string("FEN adjustment field lists '") + ch + "' but no " +
                                colour_name(c) + " man stands on that file of its back rank");
                if (type_of(pos.piece_on(s)) == game->king && !has(kings, s))
                    throw Error(std::string("FEN adjustment field lists the ") + colour_name(c) +
                                " king as unmoved but the Bunker Leap field does not");
                unmoved |= square_bb(s);
                st.adjust_rights |= static_cast<uint8_t>(1 << c);
            }
    }
    st.unmoved = unmoved;
    const std::string problem = pos.finish_setup();
    if (!problem.empty()) throw Error("FEN position is impossible: " + problem);
    return pos;
}

std::string write_fen(const Position& pos) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    const auto ranks = rank_cells(g);
    std::string out;
    for (int rank = g.height() - 1; rank >= 0; --rank) {
        int empty = 0;
        for (Square s : ranks[rank]) {
            const Piece p = pos.piece_on(s);
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty), empty = 0;
            out += game.token(p);
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    out += pos.side_to_move() == WHITE ? " w " : " b ";
    std::string castling;
    for (Color c : {WHITE, BLACK})
        for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
            if (!pos.can_castle(c, side)) continue;
            const int file = g.cell(pos.castling_rook(c, side)).file;
            char ch = file == 0 ? 'Q' : file == g.width() - 1 ? 'K' : static_cast<char>('A' + file);
            if (c == BLACK) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            castling += ch;
        }
    out += castling.empty() ? "-" : castling;
    const Square ep = pos.state().ep_square;
    out += " " + (ep == SQ_NONE ? std::string("-") : g.name(ep));
    out += " " + std::to_string(pos.rule50()) + " " + std::to_string(pos.fullmove());
    if (game.relocation && pos.phase() != PLAY) out += pos.phase() == CHOOSE_KING ? " K" : " Q";
    if (game.bunker_leap) {
        std::string bunker, adjust;
        for (Color c : {WHITE, BLACK}) {
            if (pos.can_bunker_leap(c)) bunker += c == WHITE ? 'K' : 'k';
            if (!pos.can_adjust(c)) continue;
            std::vector<int> files;
            for (Bitboard b = pos.state().unmoved & pos.pieces(c) & game.back_rank[c]; b;)
                files.push_back(g.cell(pop_lsb(b)).file);
            std::sort(files.begin(), files.end());
            for (int f : files) adjust += static_cast<char>((c == WHITE ? 'A' : 'a') + f);
        }
        out += " " + (bunker.empty() ? std::string("-") : bunker);
        out += " " + (adjust.empty() ? std::string("-") : adjust);
    }
    return out;
}

}  // namespace menagerie
