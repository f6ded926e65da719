#include "notation/move_text.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <optional>

#include "core/error.h"
#include "core/movegen.h"
#include "core/rules.h"

namespace menagerie {

namespace {

const std::string& token(const Position& pos, Square s) {
    return pos.game().token(type_of(pos.piece_on(s)));
}

std::string strip_annotations(std::string s) {
    while (!s.empty() && std::string("+#!?").find(s.back()) != std::string::npos) s.pop_back();
    for (char& c : s)
        if (c == '0') c = 'O';  // 0-0 is a common spelling of O-O
    return s;
}

std::string without(std::string s, const std::string& drop) {
    s.erase(std::remove_if(s.begin(), s.end(),
                           [&](char c) { return drop.find(c) != std::string::npos; }),
            s.end());
    return s;
}

// SAN disambiguation reads a cell's coordinates, not the text of its name. A file disambiguator
// is the letter of the cell's file (cells beside the lettered files, like Chess 66's 4 and 5, have
// none), a rank disambiguator the rank's number, and a disambiguator that is the full name of a
// cell means that cell first: on Chess 66, Q4b5 is the queen on 4 if it can go to b5, and
// otherwise a queen on rank 4.
std::string file_letter(const Geometry& g, Square s) {
    const int file = g.cell(s).file;
    return file >= 0 && file < g.width() ? file_name(file) : "";
}

std::string rank_number(const Geometry& g, Square s) { return std::to_string(g.cell(s).rank + 1); }

bool san_normal(Move m) {
    return m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion ||
           m.kind() == MoveKind::EnPassant;
}

// The legal moves that SAN with the piece, destination and promotion of `m` and the disambiguator
// `d` denotes. Without a disambiguator a pawn capture denotes nothing (it always names its file).
std::vector<Move> denoted(const Position& pos, const MoveList& legal, Move m,
                          const std::string& d) {
    const Geometry& g = pos.geometry();
    const int type = type_of(pos.piece_on(m.from()));
    const bool promotion = m.kind() == MoveKind::Promotion;
    std::vector<Move> named, by_coordinates;
    for (Move o : legal) {
        if (!san_normal(o) || o.to() != m.to() || type_of(pos.piece_on(o.from())) != type ||
            (o.kind() == MoveKind::Promotion) != promotion ||
            (promotion && o.promotion() != m.promotion()))
            continue;
        if (d.empty()) {
            if (!(type == pos.game().men.pawn && pos.is_capture(o))) by_coordinates.push_back(o);
        } else if (g.name(o.from()) == d) {
            named.push_back(o);
        } else if (file_letter(g, o.from()) == d || rank_number(g, o.from()) == d) {
            by_coordinates.push_back(o);
        }
    }
    return named.empty() ? by_coordinates : named;
}

struct Spelling {
    std::string text;           // no 'x' or '='
    std::string disambiguator;  // the part between piece and destination
};

// Every SAN spelling of a normal move, shortest first: no, file, rank or full disambiguation.
std::vector<Spelling> san_spellings(const Position& pos, Move m) {
    const Geometry& g = pos.geometry();
    const Square from = m.from();
    const bool pawn = type_of(pos.piece_on(from)) == pos.game().men.pawn;
    const std::string piece = pawn ? "" : token(pos, from);
    const std::string promo = m.kind() == MoveKind::Promotion && !random_promotion(pos.game())
                                  ? pos.game().token(m.promotion())
                                  : "";
    const std::string to = g.name(m.to());
    std::vector<Spelling> out;
    for (const std::string& d :
         {std::string(), file_letter(g, from), rank_number(g, from), g.name(from)}) {
        if (d.empty() && (!out.empty() || (pawn && pos.is_capture(m)))) continue;
        bool repeated = false;
        for (const Spelling& s : out) repeated |= s.disambiguator == d;
        if (!repeated) out.push_back({piece + d + to + promo, d});
    }
    return out;
}

// The normal moves that SAN text without 'x' and '=' spells. Where the text splits into
// disambiguator and destination in more than one way (on Chess 66, Qb4 is the queen to b4 or the
// queen on the b-file to 4), the reading with the shorter disambiguator, that is the longer
// destination, wins.
std::vector<Move> read_san(const Position& pos, const MoveList& legal, const std::string& loose) {
    std::vector<Move> found;
    size_t shortest = std::string::npos;
    for (Move m : legal) {
        if (!san_normal(m) || loose.find(pos.geometry().name(m.to())) == std::string::npos)
            continue;
        for (const Spelling& s : san_spellings(pos, m))
            if (s.text == loose) {
                const std::vector<Move> moves = denoted(pos, legal, m, s.disambiguator);
                const size_t length = s.disambiguator.size();
                if (std::find(moves.begin(), moves.end(), m) != moves.end() && length <= shortest) {
                    if (length < shortest) found.clear(), shortest = length;
                    found.push_back(m);
                }
                break;
            }
    }
    return found;
}

// The shortest disambiguator (none, file, rank, full name) with which the reader finds `m` alone.
std::string disambiguator(const Position& pos, const MoveList& legal, Move m) {
    for (const Spelling& s : san_spellings(pos, m)) {
        const std::vector<Move> moves = read_san(pos, legal, s.text);
        if (moves.size() == 1 && moves.front() == m) return s.disambiguator;
    }
    return pos.geometry().name(m.from());
}

}  // namespace

Move parse_played_move(Position& pos, const std::string& text) {
    const Move m = parse_move(pos, text);
    if (is_chance_move(pos, m) && chance_draw(pos, m).count == 0)
        throw Error(ErrorKind::Move, "move",
                    "the chance move " + quoted(text) +
                        " needs its outcome, as the referee announced it (for example d2d4:N)");
    return m;
}

namespace {

bool reads_as_move(Position& pos, const std::string& text) {
    try {
        parse_move(pos, text);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

std::optional<Move> implicit_keep(Position& pos, const std::string& text) {
    const ChanceState& c = pos.state().chance;
    if (pos.pending() != PLACING || !c.choosing || (!text.empty() && reads_as_move(pos, text)))
        return std::nullopt;
    // Until the choice, the first drawn piece stands on the cell: keeping it is what such a
    // record did.
    const Move keep(c.origin, c.origin, MoveKind::Placement, type_of(pos.piece_on(c.origin)));
    StateInfo st;
    pos.do_move(keep, st);
    const bool fits = text.empty() ? pos.pending() != PLACING : reads_as_move(pos, text);
    pos.undo_move(keep);
    return fits ? std::optional<Move>(keep) : std::nullopt;
}

std::string san_line(const Position& root, const std::vector<Move>& line) {
    Position pos(root);
    std::deque<StateInfo> states;
    std::string out;
    for (Move m : line) {
        out += (out.empty() ? "" : " ") + move_to_san(pos, m);
        if (m.outcome() == 0 && is_chance_move(pos, m)) break;
        states.emplace_back();
        pos.do_move(m, states.back());
    }
    return out;
}

std::vector<std::string> split_moves(const std::string& list) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : list) {
        if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
            if (!cur.empty()) out.push_back(cur), cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

namespace {

std::string uci_body(const Position& pos, Move m) {
    if (is_special(m.kind())) return special_text(pos, m, MoveList{}).uci;
    const Geometry& g = pos.geometry();
    std::string text = g.name(m.from()) + g.name(m.to());
    if (m.kind() == MoveKind::Promotion && !random_promotion(pos.game()))
        text += pos.game().token(make_piece_code(BLACK, m.promotion()));  // lower case
    return text;
}

// SAN without check marks.
std::string san_body(const Position& pos, const MoveList& legal, Move m) {
    if (is_special(m.kind())) return special_text(pos, m, legal).san;
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    const int type = type_of(pos.piece_on(m.from()));
    std::string san =
        (type == game.men.pawn ? "" : game.token(type)) + disambiguator(pos, legal, m);
    if (pos.is_capture(m)) san += "x";
    san += g.name(m.to());
    if (m.kind() == MoveKind::Promotion && !random_promotion(game))
        san += "=" + game.token(m.promotion());
    // A pawn going to Chess 66's field 4 or 5 would be written as a bare number, which PGN
    // reads as a move number: write its departure cell too (a34, like Ng1f3).
    if (san.find_first_not_of("0123456789") == std::string::npos) san = g.name(m.from()) + san;
    return san;
}

// Black Swan: ":N" after a reveal of a knight, ":2+PB" after an event (its tile, then the
// pieces drawn in order), ":NB" after a promotion; "" for a move without a known outcome. The
// colon is a PGN symbol character, so "Sd3:N" is one SAN token to any PGN reader.
std::string outcome_suffix(const Position& pos, Move m) {
    if (!is_chance_move(pos, m)) return "";
    const Draw d = chance_draw(pos, m);
    if (d.count == 0) return "";
    const Game& g = pos.game();
    std::string text = ":";
    if (d.event) text += g.chance.tile_names[static_cast<size_t>(d.tile)];
    for (int i = 0; i < d.count; ++i) text += g.token(d.types[static_cast<size_t>(i)]);
    return text;
}

// The draw that outcome text (after the colon) names for chance move m, or nullopt.
std::optional<Draw> read_outcome(const Position& pos, Move m, const std::string& text) {
    const Game& g = pos.game();
    const std::vector<std::string>& tiles = g.chance.tile_names;
    Draw d;
    size_t at = 0;
    const bool promotion = m.kind() == MoveKind::Promotion;
    if (!promotion)
        for (size_t t = 0; t < tiles.size(); ++t)
            if (tiles[t].size() > 1 && text.rfind(tiles[t], 0) == 0) {
                d.tile = static_cast<int>(t), d.event = true, at = tiles[t].size();
                break;
            }
    while (at < text.size()) {
        const Piece p = g.read_token(text, at);
        if (p == NO_PIECE || color_of(p) != WHITE || d.count == static_cast<int>(d.types.size()))
            return std::nullopt;
        d.types[static_cast<size_t>(d.count++)] = type_of(p);
    }
    if (d.count == 0) return std::nullopt;
    if (!promotion && !d.event) {
        if (d.count != 1) return std::nullopt;
        d.tile = d.types[0];  // the piece tiles P N B R Q are types 0-4
    }
    if (g.chance.encode(outcome_kind(m), d) == 0) return std::nullopt;
    return d;
}

}  // namespace

std::string move_to_uci(const Position& pos, Move m) {
    return uci_body(pos, m) + outcome_suffix(pos, m);
}

namespace {

// `body` (SAN without marks) with the outcome and the check mark the move gives.
std::string marked_san(Position& pos, const std::string& body, Move m) {
    std::string san = body + outcome_suffix(pos, m);
    // A chance move whose outcome is not told cannot be played: no check mark.
    if (is_chance_move(pos, m) && chance_draw(pos, m).count == 0) return san;
    StateInfo st;
    pos.do_move(m, st);
    if (pos.checkers()) san += count_legal(pos) ? "+" : "#";
    pos.undo_move(m);
    return san;
}

}  // namespace

std::string move_to_san(Position& pos, const MoveList& legal, Move m) {
    return marked_san(pos, san_body(pos, legal, m.without_outcome()), m);
}

std::string move_to_san(Position& pos, Move m) { return PositionMoves(pos).san(m); }

Move parse_move(Position& pos, const std::string& text) { return PositionMoves(pos).read(text); }

PositionMoves::PositionMoves(Position& pos) : pos_(pos) {
    generate_legal(pos, legal_);
    san_bodies_.resize(static_cast<size_t>(legal_.size()));
}

const std::string& PositionMoves::san_body(size_t index) {
    std::optional<std::string>& body = san_bodies_[index];
    if (!body) body = menagerie::san_body(pos_, legal_, legal_.moves[index]);
    return *body;
}

std::string PositionMoves::san(Move m) {
    const Move plain = m.without_outcome();
    for (size_t i = 0; i < san_bodies_.size(); ++i)
        if (legal_.moves[i] == plain) return marked_san(pos_, san_body(i), m);
    return marked_san(pos_, menagerie::san_body(pos_, legal_, plain), m);
}

Move PositionMoves::read(const std::string& full) {
    Position& pos = pos_;
    const MoveList& legal = legal_;
    if (full.empty()) throw Error(ErrorKind::Move, "move", "empty move");
    // Black Swan: a chance move may come with its outcome, "d3:N" (see outcome_suffix).
    const std::string annotated = strip_annotations(full);
    const size_t open = pos.game().has_chance() ? annotated.find(':') : std::string::npos;
    if (open != std::string::npos) {
        if (open == 0 || open + 1 == annotated.size())
            throw Error(ErrorKind::Move, "move",
                        quoted(full) + " is not a move followed by ':' and its outcome");
        const std::string outcome = annotated.substr(open + 1);
        const Move m = read(annotated.substr(0, open));
        if (!is_chance_move(pos, m))
            throw Error(ErrorKind::Move, "move",
                        quoted(full) + ": the move turns over no swan and promotes no pawn");
        const auto d = read_outcome(pos, m, outcome);
        if (!d)
            throw Error(ErrorKind::Move, "move",
                        quoted(full) + ": " + quoted(outcome) + " is not a possible outcome of " +
                            (m.kind() == MoveKind::Promotion ? "a promotion" : "a reveal"));
        const Color us = pos.side_to_move();
        const std::vector<std::string>& tiles = pos.game().chance.tile_names;
        if (d->tile >= 0 && pos.state().chance.unseen[us][static_cast<size_t>(d->tile)] == 0)
            throw Error(ErrorKind::Move, "move",
                        quoted(full) + ": " + (us == WHITE ? "White" : "Black") +
                            " has no unseen tile " + quoted(tiles[static_cast<size_t>(d->tile)]) +
                            " left");
        const Move told = m.with_outcome(pos.game().chance.encode(outcome_kind(m), *d));
        // Where the game knows the swan's identity, the outcome must be its tile's.
        if (!possible_outcome(pos, told))
            throw Error(ErrorKind::Move, "move",
                        quoted(full) + ": the swan is not a " + quoted(outcome) + " tile");
        return told;
    }
    const std::string& text = full;
    const Geometry& g = pos.geometry();
    // Coordinate form and the exact SAN spelling, then the other spellings the special kinds
    // accept (castling as king-from + king-to or king-takes-rook, O-O for O-Og), which never
    // shadow a move's own form.
    for (Move m : legal)
        if (uci_body(pos, m) == text) return m;
    const std::string wanted = strip_annotations(text);
    for (size_t i = 0; i < san_bodies_.size(); ++i)
        if (strip_annotations(san_body(i)) == wanted) return legal.moves[i];
    for (Move m : legal)
        if (is_special(m.kind()))
            for (const std::string& also : special_text(pos, m, legal).also)
                if (also == text || also == wanted) return m;
    // SAN with or without disambiguation, 'x' and '='.
    const std::string loose = without(wanted, "x=");
    std::vector<Move> found = read_san(pos, legal, loose);
    // A random promotion names no piece; the old spelling with the queen's letter still reads.
    if (found.empty() && random_promotion(pos.game()) && !loose.empty() &&
        (loose.back() == 'Q' || loose.back() == 'q'))
        found = read_san(pos, legal, loose.substr(0, loose.size() - 1));
    // Black Swan: a face-down swan moves as a pawn, and may be written as one ("d4", "dxe5").
    const Game& game = pos.game();
    if (found.empty() && game.has_chance() && !loose.empty() &&
        std::islower(static_cast<unsigned char>(loose[0])))
        for (int t = game.chance.first_hidden; t < static_cast<int>(game.men.types.size()); ++t)
            for (Move m : read_san(pos, legal, game.token(t) + loose))
                if (std::find(found.begin(), found.end(), m) == found.end()) found.push_back(m);
    if (found.size() == 1) return found.front();
    if (found.size() > 1) throw Error(ErrorKind::Move, "move", "ambiguous move " + quoted(text));
    // Distinguish a malformed move from an illegal one, for a useful message.
    bool looks_like_move = false;
    for (Square a = 0; a < g.size(); ++a)
        if (text.rfind(g.name(a), 0) == 0)
            for (Square b = 0; b < g.size(); ++b)
                looks_like_move |= text.substr(g.name(a).size(), g.name(b).size()) == g.name(b);
    const bool san_like = !text.empty() && (std::isalpha(static_cast<unsigned char>(text[0])) ||
                                            text[0] == 'O' || text[0] == '0');
    if (!looks_like_move && !san_like)
        throw Error(ErrorKind::Move, "move", quoted(text) + " is not a move in UCI or SAN form");
    std::string why;
    if (pos.pending() == PLACING) {
        // Name what is owed and where it may go, from the legal placements themselves.
        why = pos.state().chance.choosing
                  ? " (the mover still chooses which drawn piece stays on " +
                        g.name(pos.state().chance.origin) + ":"
                  : " (the mover still places a drawn piece:";
        size_t shown = 0;
        for (Move m : legal)
            if (shown++ < 4) why += " " + uci_body(pos, m);
        why += legal.size() > 4 ? " ...)" : ")";
    } else if (pos.pending() != NO_PENDING) {
        why = " (a choice is pending: the relocation phase)";
    }
    throw Error(ErrorKind::Move, "move", "illegal move " + quoted(text) + why);
}

}  // namespace menagerie
