#include "notation/fen.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"

namespace menagerie {

namespace {

// The largest counter a FEN may give: six digits, as no game of these rules gets near it.
constexpr int COUNTER_MAX = 999999;

std::vector<std::vector<Square>> rank_cells(const Geometry& g) {
    std::vector<std::vector<Square>> ranks(static_cast<size_t>(g.height()));
    for (Square s = 0; s < g.size(); ++s) ranks[g.cell(s).rank].push_back(s);
    for (auto& r : ranks)
        std::sort(r.begin(), r.end(),
                  [&](Square a, Square b) { return g.cell(a).file < g.cell(b).file; });
    return ranks;
}

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

Error fen_error(const std::string& field, const std::string& what,
                size_t offset = Error::NO_OFFSET) {
    return Error(ErrorKind::Fen, field, what, offset);
}

int read_counter(const std::string& field, const char* what, int min, size_t offset) {
    if (field.empty() || !std::all_of(field.begin(), field.end(), ::isdigit))
        throw fen_error(what, std::string("FEN ") + what + " " + quoted(field) + " is not a number",
                        offset);
    if (field.size() > 6 || std::stoi(field) > COUNTER_MAX)
        throw fen_error(what,
                        std::string("FEN ") + what + " " + quoted(field) + " is over " +
                            std::to_string(COUNTER_MAX),
                        offset);
    const int n = std::stoi(field);
    if (n < min)
        throw fen_error(
            what, std::string("FEN ") + what + " must be at least " + std::to_string(min), offset);
    return n;
}

void read_board(const Game& game, const std::string& board, size_t base, FenSetup& setup) {
    const Geometry& g = game.geometry;
    const auto ranks = rank_cells(g);
    std::vector<std::pair<std::string, size_t>> rows;  // text and offset of each rank
    size_t start = 0;
    for (size_t i = 0; i <= board.size(); ++i)
        if (i == board.size() || board[i] == '/') {
            rows.push_back({board.substr(start, i - start), base + start});
            start = i + 1;
        }
    if (rows.size() != ranks.size())
        throw fen_error("board",
                        "FEN board has " + std::to_string(rows.size()) + " ranks, expected " +
                            std::to_string(ranks.size()),
                        base);
    for (size_t i = 0; i < rows.size(); ++i) {
        const int rank = g.height() - 1 - static_cast<int>(i);
        const auto& cells = ranks[rank];
        // Not a structured binding: clang 14 (Debian 12) refuses a lambda that captures one.
        const std::string& r = rows[i].first;
        const size_t offset = rows[i].second;
        size_t at = 0;
        auto rank_error = [&, rank](const std::string& what, size_t j) {
            return fen_error("board", "FEN rank " + std::to_string(rank + 1) + " " + what,
                             offset + j);
        };
        for (size_t j = 0; j < r.size();) {
            const char ch = r[j];
            if (std::isdigit(static_cast<unsigned char>(ch))) {
                size_t k = j;
                while (k < r.size() && std::isdigit(static_cast<unsigned char>(r[k]))) ++k;
                if (k - j > 3) throw rank_error("has a count that is too long", j);
                const int n = std::stoi(r.substr(j, k - j));
                if (n == 0) throw rank_error("has an empty count of 0", j);
                at += static_cast<size_t>(n);
                j = k;
            } else {
                size_t end = j;
                const Piece piece = game.read_token(r, end);
                if (piece == NO_PIECE) {
                    size_t token_end = j + 1;  // a letter and its primes
                    while (token_end < r.size() && r[token_end] == '\'') ++token_end;
                    throw fen_error("board",
                                    "FEN board has unknown piece letter " +
                                        quoted(r.substr(j, token_end - j)) + " for " + game.name,
                                    offset + j);
                }
                if (at >= cells.size())
                    throw rank_error("has more than " + std::to_string(cells.size()) + " cells", j);
                setup.men.push_back({cells[at++], piece});
                j = end;
            }
            if (at > cells.size())
                throw rank_error("has more than " + std::to_string(cells.size()) + " cells", j);
        }
        if (at != cells.size())
            throw rank_error("describes " + std::to_string(at) + " cells, expected " +
                                 std::to_string(cells.size()),
                             0);
    }
}

void apply_castling(Position& pos, const std::string& field, Bitboard& unmoved) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    if (field == "-") return;
    if (!game.rules.castling.enabled)
        throw fen_error("castling", "FEN castling field must be '-' in " + game.name);
    for (char ch : field) {
        const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
        const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        const std::string right = quoted(std::string(1, ch));
        if (!std::isalpha(static_cast<unsigned char>(ch)) ||
            !(up == 'K' || up == 'Q' || (up >= 'A' && up < 'A' + g.width())))
            throw fen_error("castling", "FEN castling field has unknown character " + right);
        const Square ksq = pos.king_square(c);
        if (ksq == SQ_NONE || !has(game.zones.back_rank[c], ksq))
            throw fen_error("castling", "FEN castling right " + right + " needs the " +
                                            colour_name(c) + " king on its back rank");
        const int kfile = g.cell(ksq).file;
        const Bitboard rooks = pos.pieces(c, game.men.rook) & game.zones.back_rank[c];
        Square rsq = SQ_NONE;
        for (Bitboard b = rooks; b;) {
            const Square s = pop_lsb(b);
            const int f = g.cell(s).file;
            if (up == 'K' && f > kfile && (rsq == SQ_NONE || f > g.cell(rsq).file)) rsq = s;
            if (up == 'Q' && f < kfile && (rsq == SQ_NONE || f < g.cell(rsq).file)) rsq = s;
            if (up != 'K' && up != 'Q' && f == up - 'A') rsq = s;
        }
        if (rsq == SQ_NONE)
            throw fen_error("castling", "FEN castling right " + right + " has no " +
                                            colour_name(c) + " rook to castle with");
        const CastlingSide side = g.cell(rsq).file > kfile ? KING_SIDE : QUEEN_SIDE;
        if (pos.castling_rook(c, side) != SQ_NONE && pos.castling_rook(c, side) != rsq)
            throw fen_error("castling", std::string("FEN castling field gives ") + colour_name(c) +
                                            " two rooks on one side");
        pos.set_castling_rook(c, side, rsq);
        unmoved |= square_bb(rsq) | square_bb(ksq);
    }
}

void apply_en_passant(Position& pos, const std::string& field) {
    if (field == "-") return;
    const Game& game = pos.game();
    const Square ep = pos.geometry().find(field);
    if (ep == SQ_NONE)
        throw fen_error("en passant", "FEN en passant field " + quoted(field) + " is not a cell");
    if (game.men.pawn < 0)
        throw fen_error("en passant", "FEN en passant field must be '-' in " + game.name);
    // The side whose pawn passed `ep`: the other one, or (Black Swan) the side to move while it
    // still places the pieces its double step drew.
    const ChanceState& chance = pos.state().chance;
    const Color them = pos.pending() == PLACING ? pos.side_to_move() : ~pos.side_to_move(),
                us = ~them;
    if (pos.piece_on(ep) != NO_PIECE)
        throw fen_error("en passant", "FEN en passant cell " + field + " is not empty");
    const PieceMoves& their_pawn = pos.tables().piece(game.men.pawn, them);
    // The pawn that passed `ep` went from an empty cell of its double-step zone, one step
    // behind `ep`, to a cell one step beyond it.
    bool came_from_home = false;
    for (Bitboard b = game.zones.double_step[them]; b;) {
        const Square start = pop_lsb(b);
        came_from_home |= has(their_pawn.quiet[start], ep) && pos.piece_on(start) == NO_PIECE;
    }
    // While the owner chooses which drawn piece stays on the swan's cell, a pawn among them may.
    Bitboard victims = their_pawn.quiet[ep] & pos.pieces(them, game.men.pawn);
    if (chance.choosing && chance.owes(game.men.pawn))
        victims |= their_pawn.quiet[ep] & square_bb(chance.origin) & pos.pieces(them);
    if (!victims || !came_from_home)
        throw fen_error("en passant",
                        "FEN en passant cell " + field + " has no pawn that just passed it");
    // Kept only when a pawn could take, as the position reached by the double step would have it.
    if (pos.tables().piece(game.men.pawn, us).reverse_capture[ep] & pos.pieces(us, game.men.pawn)) {
        pos.root_state().ep_square = ep;
        pos.root_state().ep_victim = lsb(victims);
    }
}

// Where no pawn of colour `c` can ever stand: its first rank and any cell behind it (Chess 2016's
// four cells e1-h1 behind White's first full rank). Pawns start ahead of these cells, events
// place theirs ahead of them (Black Swan), and no pawn moves backwards.
Bitboard pawnless_ranks(const Game& game, Color c) {
    const Geometry& g = game.geometry;
    int first = c == WHITE ? -1 : g.height();
    for (Bitboard b = game.zones.back_rank[c]; b;) {
        const int rank = g.cell(pop_lsb(b)).rank;
        first = c == WHITE ? std::max(first, rank) : std::min(first, rank);
    }
    Bitboard cells = 0;
    for (Square s = 0; s < g.size(); ++s)
        if (c == WHITE ? g.cell(s).rank <= first : g.cell(s).rank >= first) cells |= square_bb(s);
    return cells;
}

void refuse_pawns_behind_their_start(const Game& game, const FenSetup& setup) {
    if (game.men.pawn < 0) return;
    for (const auto& [s, p] : setup.men) {
        if (type_of(p) != game.men.pawn) continue;
        const Color c = color_of(p);
        if (has(pawnless_ranks(game, c), s))
            throw fen_error("board", std::string("FEN position is impossible: a ") +
                                         colour_name(c) + " pawn stands on " +
                                         game.geometry.name(s) +
                                         ", on or behind its first rank, where no pawn can be");
    }
}

}  // namespace

FenSetup read_fen(const Game& game, const std::string& fen) {
    FenSetup setup;
    std::vector<std::string> fields;
    for (size_t i = 0; i < fen.size();) {
        if (std::isspace(static_cast<unsigned char>(fen[i]))) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < fen.size() && !std::isspace(static_cast<unsigned char>(fen[j]))) ++j;
        fields.push_back(fen.substr(i, j - i));
        setup.offsets.push_back(i);
        i = j;
    }
    if (fields.empty()) throw fen_error("", "FEN is empty");
    const size_t most = 6 + static_cast<size_t>(game.fen_extension.fields);
    if (fields.size() < 2 || fields.size() > most)
        throw fen_error("", "FEN has " + std::to_string(fields.size()) +
                                (fields.size() == 1 ? " field" : " fields") + ", expected 2 to " +
                                std::to_string(most) + " for " + game.name);
    read_board(game, fields[0], setup.offsets[0], setup);
    if (fields[1] != "w" && fields[1] != "b")
        throw fen_error("side", "FEN side to move " + quoted(fields[1]) + " is not w or b",
                        setup.offsets[1]);
    setup.side = fields[1] == "w" ? WHITE : BLACK;
    if (fields.size() > 2) setup.castling = fields[2];
    if (fields.size() > 3) setup.en_passant = fields[3];
    if (fields.size() > 4)
        setup.halfmove_clock = read_counter(fields[4], "halfmove clock", 0, setup.offsets[4]);
    if (fields.size() > 5)
        setup.fullmove = read_counter(fields[5], "fullmove number", 1, setup.offsets[5]);
    setup.extra.assign(fields.begin() + std::min<size_t>(6, fields.size()), fields.end());
    return setup;
}

Position to_position(const std::shared_ptr<const Game>& game, const FenSetup& setup) {
    refuse_pawns_behind_their_start(*game, setup);
    Position pos(game);
    for (const auto& [s, p] : setup.men) pos.put(s, p);
    pos.set_side_to_move(setup.side);
    Bitboard unmoved = 0;
    apply_castling(pos, setup.castling, unmoved);
    pos.root_state().rule50 = setup.halfmove_clock;
    pos.set_fullmove(setup.fullmove);
    if (game->fen_extension.read) game->fen_extension.read(pos, setup.extra, unmoved);
    // After the game's own fields: a pending placement tells whose double step it was.
    apply_en_passant(pos, setup.en_passant);
    pos.set_unmoved(unmoved);
    const std::string problem = pos.finish_setup();
    if (!problem.empty()) throw fen_error("board", "FEN position is impossible: " + problem);
    return pos;
}

Position parse_fen(const std::shared_ptr<const Game>& game, const std::string& fen) {
    return to_position(game, read_fen(*game, fen));
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
    if (game.fen_extension.write) out += game.fen_extension.write(pos);
    return out;
}

}  // namespace menagerie
