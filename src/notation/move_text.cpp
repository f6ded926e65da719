#include "notation/move_text.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/movegen.h"
#include "core/rules.h"

namespace menagerie {

namespace {

std::string file_part(const std::string& cell) {
    std::string f;
    for (char c : cell)
        if (std::isalpha(static_cast<unsigned char>(c))) f += c;
    return f.empty() ? cell : f;
}

std::string rank_part(const std::string& cell) {
    std::string r;
    for (char c : cell)
        if (std::isdigit(static_cast<unsigned char>(c))) r += c;
    return r;
}

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

// Every SAN spelling of a normal move: no, file, rank or full disambiguation; no 'x' or '='.
std::vector<std::string> san_spellings(const Position& pos, Move m) {
    const Geometry& g = pos.geometry();
    const Square from = m.from();
    const bool pawn = type_of(pos.piece_on(from)) == pos.game().pawn;
    const std::string piece = pawn ? "" : token(pos, from);
    const std::string promo =
        m.kind() == MoveKind::Promotion ? pos.game().token(m.promotion()) : "";
    const std::string to = g.name(m.to());
    std::vector<std::string> out;
    for (const std::string& d :
         {std::string(), file_part(g.name(from)), rank_part(g.name(from)), g.name(from)})
        if (!(pawn && d.empty() && pos.is_capture(m))) out.push_back(piece + d + to + promo);
    return out;
}

}  // namespace

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

std::string move_to_uci(const Position& pos, Move m) {
    if (is_special(m.kind())) return special_text(pos, m, MoveList{}).uci;
    const Geometry& g = pos.geometry();
    std::string text = g.name(m.from()) + g.name(m.to());
    if (m.kind() == MoveKind::Promotion)
        text += pos.game().token(make_piece_code(BLACK, m.promotion()));  // lower case
    return text;
}

std::string move_to_san(Position& pos, Move m) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    const Square from = m.from(), to = m.to();
    MoveList legal;
    generate_legal(pos, legal);
    std::string san;
    if (is_special(m.kind())) {
        san = special_text(pos, m, legal).san;
    } else {
        const int type = type_of(pos.piece_on(from));
        const bool capture = pos.is_capture(m);
        if (type == game.pawn) {
            if (capture) san = file_part(g.name(from)) + "x";
        } else {
            san = game.token(type);
            bool clash = false, file_clash = false, rank_clash = false;
            for (Move o : legal) {
                if (o.to() != to || o.from() == from || o.kind() != MoveKind::Normal ||
                    type_of(pos.piece_on(o.from())) != type)
                    continue;
                clash = true;
                file_clash |= file_part(g.name(o.from())) == file_part(g.name(from));
                rank_clash |= rank_part(g.name(o.from())) == rank_part(g.name(from));
            }
            if (clash)
                san += !file_clash   ? file_part(g.name(from))
                       : !rank_clash ? rank_part(g.name(from))
                                     : g.name(from);
            if (capture) san += "x";
        }
        san += g.name(to);
        if (m.kind() == MoveKind::Promotion) san += "=" + game.token(m.promotion());
    }
    StateInfo st;
    pos.do_move(m, st);
    if (pos.checkers()) {
        MoveList replies;
        generate_legal(pos, replies);
        san += replies.size() ? "+" : "#";
    }
    pos.undo_move(m);
    return san;
}

Move parse_move(Position& pos, const std::string& text) {
    if (text.empty()) throw Error(ErrorKind::Move, "move", "empty move");
    MoveList legal;
    generate_legal(pos, legal);
    const Geometry& g = pos.geometry();
    // Coordinate form and the exact SAN spelling, then the other spellings the special kinds
    // accept (castling as king-from + king-to or king-takes-rook, O-O for O-Og), which never
    // shadow a move's own form.
    for (Move m : legal)
        if (move_to_uci(pos, m) == text) return m;
    const std::string wanted = strip_annotations(text);
    for (Move m : legal)
        if (strip_annotations(move_to_san(pos, m)) == wanted) return m;
    for (Move m : legal)
        if (is_special(m.kind()))
            for (const std::string& also : special_text(pos, m, legal).also)
                if (also == text || also == wanted) return m;
    // SAN with or without disambiguation, 'x' and '='.
    const std::string loose = without(wanted, "x=");
    std::vector<Move> found;
    for (Move m : legal) {
        if (m.kind() != MoveKind::Normal && m.kind() != MoveKind::Promotion &&
            m.kind() != MoveKind::EnPassant)
            continue;
        for (const std::string& s : san_spellings(pos, m))
            if (s == loose) {
                found.push_back(m);
                break;
            }
    }
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
    throw Error(
        ErrorKind::Move, "move",
        "illegal move " + quoted(text) +
            (pos.pending() != NO_PENDING ? " (a choice is pending: the relocation phase)" : ""));
}

}  // namespace menagerie
