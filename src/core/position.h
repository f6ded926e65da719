// A position of one game: the men on the board, side to move, and the state that rules need
// (unmoved men for castling, Bunker Leap and Bishop Adjustment; en passant; relocation phase).
// make/unmake with a caller-owned StateInfo per ply, as in Stockfish; incremental Zobrist keys.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "core/game.h"
#include "core/move.h"

namespace menagerie {

struct StateInfo {
    uint64_t key = 0;
    // Men whose having moved matters (kings, castling rooks; all back-rank men of a side that
    // still may adjust a bishop). A man leaves this set when it moves or is captured.
    Bitboard unmoved = 0;
    Square ep_square = SQ_NONE;  // the cell passed over by a double step, if a capture is possible
    Square ep_victim = SQ_NONE;  // the pawn that passed it
    int rule50 = 0;
    uint8_t adjust_rights = 0;  // bit per colour
    Phase phase = PLAY;
    Piece captured = NO_PIECE;
    Bitboard checkers = 0;
    StateInfo* previous = nullptr;
};

class Position {
  public:
    explicit Position(std::shared_ptr<const Game> game);
    Position(const Position& other);
    Position& operator=(const Position& other);

    const Game& game() const { return *game_; }
    const std::shared_ptr<const Game>& game_ptr() const { return owner_; }
    const Geometry& geometry() const { return game_->geometry; }
    const MoveTables& tables() const { return *tables_; }

    Color side_to_move() const { return stm_; }
    Piece piece_on(Square s) const { return board_[s]; }
    Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(int type) const { return by_type_[type]; }
    Bitboard pieces(Color c, int type) const { return by_color_[c] & by_type_[type]; }
    Square king_square(Color c) const {
        const Bitboard k = pieces(c, game_->king);
        return k ? lsb(k) : SQ_NONE;
    }
    const StateInfo& state() const { return *st_; }
    uint64_t key() const { return st_->key; }
    Bitboard checkers() const { return st_->checkers; }
    Phase phase() const { return st_->phase; }
    int fullmove() const { return fullmove_; }
    int rule50() const { return st_->rule50; }
    // How often this position stood before with the same side to move, since the last
    // irreversible move, as far as the state history reaches.
    int repetitions() const;
    Square castling_rook(Color c, CastlingSide side) const { return castling_rooks_[c][side]; }
    bool can_castle(Color c, CastlingSide side) const;
    // The side a castling move with the rook on `rook` goes to.
    CastlingSide castling_side(Color c, Square rook) const {
        return rook == castling_rooks_[c][KING_SIDE] ? KING_SIDE : QUEEN_SIDE;
    }
    bool can_bunker_leap(Color c) const;
    bool can_adjust(Color c) const { return st_->adjust_rights & (1 << c); }

    // Cells of `by` men that attack s, with the board's men given by `occupied`.
    Bitboard attackers_to(Square s, Color by, Bitboard occupied) const;
    bool attacked(Square s, Color by, Bitboard occupied) const;
    bool attacked(Square s, Color by) const { return attacked(s, by, pieces()); }
    // Occupancy where a man on one field of a switch also closes the other.
    Bitboard closed(Bitboard occupied) const;

    void do_move(Move m, StateInfo& new_state);
    void undo_move(Move m);
    bool is_capture(Move m) const;

    // Building (used by the FEN reader).
    void clear();
    void put(Square s, Piece p);
    void set_side_to_move(Color c) { stm_ = c; }
    void set_castling_rook(Color c, CastlingSide side, Square s) { castling_rooks_[c][side] = s; }
    void set_fullmove(int n) { fullmove_ = n; }
    StateInfo& root_state() { return root_; }
    // Recomputes key and checkers after building; returns an error message or "".
    std::string finish_setup();
    uint64_t compute_key() const;

  private:
    void move_piece(Square from, Square to);
    void remove_piece(Square s);
    void add_piece(Square s, Piece p);
    void swap_pieces(Square a, Square b);
    template <bool Do>
    std::pair<Square, Square> do_castling(Color us, Square king_from, Square rook_from);
    template <bool FirstOnly>
    Bitboard attackers(Square s, Color by, Bitboard occupied) const;
    void swap_men(Square a, Square b);
    void unmark(Bitboard cells);
    void clear_unmoved(Bitboard cells);
    void drop_meaningless_unmoved();
    void update_ep(Square from, Square to);

    std::shared_ptr<const Game> owner_;
    const Game* game_;
    const MoveTables* tables_;
    std::array<Bitboard, COLOR_NB> by_color_{};
    std::array<Bitboard, PIECE_TYPE_MAX> by_type_{};
    std::array<Piece, SQUARE_MAX> board_{};
    std::array<std::array<Square, CASTLING_SIDE_NB>, COLOR_NB> castling_rooks_{};
    Color stm_ = WHITE;
    int fullmove_ = 1;
    StateInfo root_;
    StateInfo* st_ = &root_;
};

namespace zobrist {
uint64_t piece(Piece p, Square s);
uint64_t unmoved(Square s);
uint64_t ep(Square s);
uint64_t side();
uint64_t adjust(Color c);
uint64_t phase(Phase p);
}  // namespace zobrist

}  // namespace menagerie
