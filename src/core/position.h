// A position of one game: the men on the board, side to move, and the state that rules need
// (unmoved men for castling, Bunker Leap and Bishop Adjustment; en passant; a pending choice).
// make/unmake with a caller-owned StateInfo per ply, as in Stockfish; incremental Zobrist keys.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "core/game.h"
#include "core/move.h"

namespace menagerie {

// Black Swan's chance bookkeeping: how many events and promotions the game has drawn, and the
// pieces of the last one that the mover still owes placing, with the cell of the swan or the
// promoted pawn; and per side how many tiles of each kind are still unseen (not yet turned over:
// face down on the board, taken face down, or never set up).
constexpr int TILE_KINDS_MAX = 9;
struct ChanceState {
    uint8_t events = 0;
    uint8_t promotions = 0;
    bool anywhere = false;  // a promotion's pieces: the nearest empty cells anywhere
    // The owner has yet to choose which drawn piece stays on `origin` (the pieces drawn are not
    // all of one type); meanwhile the first drawn stands there.
    bool choosing = false;
    uint8_t owed = 0;
    // The owed pieces in ascending order (the owner places them in any order, so the order they
    // were drawn in is no part of the position); 0 past `owed`.
    std::array<int8_t, 2> types{};
    int8_t origin = -1;
    std::array<std::array<uint8_t, TILE_KINDS_MAX>, COLOR_NB> unseen{};  // not in the key
    bool owes(int type) const {
        for (int i = 0; i < owed; ++i)
            if (types[static_cast<size_t>(i)] == type) return true;
        return false;
    }
    bool operator==(const ChanceState&) const = default;
};

struct StateInfo {
    uint64_t key = 0;
    // Men whose having moved matters (kings, castling rooks; all back-rank men of a side that
    // still may adjust a bishop). A man leaves this set when it moves or is captured.
    Bitboard unmoved = 0;
    Square ep_square = SQ_NONE;  // the cell passed over by a double step, if a capture is possible
    Square ep_victim = SQ_NONE;  // the pawn that passed it
    int rule50 = 0;
    uint8_t adjust_rights = 0;     // bit per colour
    uint8_t pending = NO_PENDING;  // index of the choice step owed (Game::choice_steps), PLACING
    Piece captured = NO_PIECE;
    // The man a move replaced on its destination, for undo: the swan a normal move turned over,
    // or the drawn piece that Black Swan's stay step sent back among the owed.
    Piece revealed = NO_PIECE;
    Bitboard checkers = 0;
    // The cells of every fixed path (a bent move, a limited ride, a hop on a switch board) by
    // which an enemy man could reach the king of the side to move. A move that lands on or leaves
    // one of them may open or close such an attack, so it is tested by playing it; no other move
    // needs that. Hops along rays (Cannon, Vao, Leo where no ray forks) are not among them: the
    // men between such a hopper and the king decide the moves exactly (movegen.cpp).
    Bitboard path_danger = 0;
    // The men of the side to move pinned to their king by an enemy rider (Position::pinned),
    // worked out on first use after the move: legal() asks at most nodes, not all.
    Bitboard pinned = 0;
    bool pinned_known = false;
    StateInfo* previous = nullptr;
    ChanceState chance;  // last: it fills the padding after `previous` (128 bytes in all)
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
    // Every cell's man (NO_PIECE where empty, and on the cells past the board's last).
    const std::array<Piece, SQUARE_MAX>& board() const { return board_; }
    Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(int type) const { return by_type_[type]; }
    Bitboard pieces(Color c, int type) const { return by_color_[c] & by_type_[type]; }
    // The types of `c` that may stand on the board: every type put there since the position was
    // built (so attack tests skip the groups of types the game has but this army lacks).
    TypeSet types_seen(Color c) const { return types_seen_[c]; }
    Square king_square(Color c) const {
        const Bitboard k = pieces(c, game_->men.king);
        return k ? lsb(k) : SQ_NONE;
    }
    const StateInfo& state() const { return *st_; }
    uint64_t key() const { return st_->key; }
    Bitboard checkers() const { return st_->checkers; }
    uint8_t pending() const { return st_->pending; }
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

    // Cells of `by` men that attack s when the occupied cells are `occupied`; only men in both
    // `occupied` and `men` count (a man taken off the board in a test is in neither).
    Bitboard attackers_to(Square s, Color by, Bitboard occupied, Bitboard men = ~Bitboard(0)) const;
    bool attacked(Square s, Color by, Bitboard occupied) const;
    bool attacked(Square s, Color by) const { return attacked(s, by, pieces()); }
    Bitboard path_danger() const { return st_->path_danger; }
    // The men of the side to move that stand alone between their king and an enemy man that
    // rides to it along that line: the men generate_legal restricts to their pin lines. Kept in
    // the state once known (a cache: the position does not change).
    Bitboard pinned() const;
    // Whether a normal move, promotion or en passant capture of a man other than the king leaves
    // the mover's king unattacked: the attack test on the board as it will be (the mover's
    // cells swapped, the taken man gone), exact for every shape of attack, hops included.
    bool leaves_king_safe(Move m) const;

    // What a search calls at every node.
    int material(Color c) const { return material_[c]; }  // sum of the game's piece values
    bool gives_check(Move m) const;
    // The material the side to move wins (negative: loses) by the capture sequence on m's
    // destination that m starts, each side recapturing with its least valuable man, hoppers
    // included: their screens change as men leave the board.
    int see(Move m) const;
    void do_null_move(StateInfo& new_state);
    void undo_null_move();

    // Debug check of every invariant (bitboards, mailbox, material, key, checkers): returns
    // "" or the first problem found.
    std::string consistency_error() const;
    // Occupancy where a man on one field of a switch also closes the other (the occupancy itself
    // on a board without switches).
    Bitboard closed(Bitboard occupied) const {
        return geometry().switch_fields() ? closed_by_switches(occupied) : occupied;
    }

    void do_move(Move m, StateInfo& new_state);
    void undo_move(Move m);
    bool is_capture(Move m) const;

    // Building (used by the FEN reader).
    void clear();
    void put(Square s, Piece p);
    void set_side_to_move(Color c) {
        stm_ = c;
        st_->pinned_known = false;
    }
    void set_castling_rook(Color c, CastlingSide side, Square s) { castling_rooks_[c][side] = s; }
    void set_fullmove(int n) { fullmove_ = n; }
    void set_unmoved(Bitboard men) { root_.unmoved = men; }
    void set_adjust_rights(uint8_t colours) { root_.adjust_rights = colours; }
    void set_pending(uint8_t step) { root_.pending = step; }
    StateInfo& root_state() { return root_; }
    // Recomputes key and checkers after building; returns an error message or "".
    std::string finish_setup();
    uint64_t compute_key() const;

  private:
    Bitboard closed_by_switches(Bitboard occupied) const;
    void move_piece(Square from, Square to);
    void remove_piece(Square s);
    void add_piece(Square s, Piece p);
    void swap_pieces(Square a, Square b);
    // The special kinds' make (returning the side that moves next) and unmake, each in its
    // family's file, listed by kind in the registry (core/rules/registry.cpp).
    struct SpecialMoves {
        Color (Position::*make)(Move m, StateInfo& ns);
        void (Position::*unmake)(Move m);
    };
    static const SpecialMoves& special_moves(MoveKind kind);
    Color make_castling(Move m, StateInfo& ns);
    void unmake_castling(Move m);
    Color make_bunker_leap(Move m, StateInfo& ns);
    void unmake_bunker_leap(Move m);
    Color make_adjustment(Move m, StateInfo& ns);
    void unmake_adjustment(Move m);
    Color make_choice(Move m, StateInfo& ns);
    // After a swan's move m; true when the mover owes placements (its turn goes on).
    bool reveal_swan(Move m, StateInfo& ns);
    // Black Swan's promotion m: true when the mover owes placements.
    bool promote_at_random(Move m, StateInfo& ns);
    // Puts the first drawn piece on `to` in place of the man there and owes the others.
    bool bring_drawn(Square to, const Draw& d, StateInfo& ns);
    // Drops the owed pieces that have no cell to go to; sets `pending`; true if any are owed.
    bool settle_placing(StateInfo& ns);
    Color make_placement(Move m, StateInfo& ns);
    void unmake_placement(Move m);
    void unmake_choice(Move m);
    template <bool FirstOnly>
    Bitboard attackers(Square s, Color by, Bitboard occupied, Bitboard men) const;
    void set_check_info();
    void set_path_danger();
    Bitboard checkers_after(Move m) const;
    Bitboard line_attackers(Square s, Color by, uint32_t out_kinds, Bitboard occupied,
                            Bitboard theirs) const;
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
    std::array<TypeSet, COLOR_NB> types_seen_{};
    std::array<Piece, SQUARE_MAX> board_{};
    std::array<int, COLOR_NB> material_{};
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
uint64_t pending(uint8_t step);         // 0 for NO_PENDING
uint64_t chance(const ChanceState& c);  // 0 for the empty state
}  // namespace zobrist

}  // namespace menagerie
