#include "notation/move_text.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/movegen.h"

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
    const Geometry& g = pos.geometry();
    std::string text = g.name(m.from());
    if (m.kind() == MoveKind::Castling) {
        const CastlingRules& cr = pos.game().castling;
        const Color us = color_of(pos.piece_on(m.from()));
        const CastlingSide side = pos.castling_side(us, m.to());
        const int kfile = g.cell(m.from()).file, rfile = g.cell(m.to()).file;
        const bool orthodox = kfile == 4 && (rfile == 0 || rfile == g.width() - 1);
        return text + g.name(cr.uci_king_to && orthodox ? cr.king_to[us][side] : m.to());
    }
    text += g.name(m.to());
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
    switch (m.kind()) {
        case MoveKind::Castling: {
            const Color us = pos.side_to_move();
            san = game.castling.san[pos.castling_side(us, to)];
            break;
        }
        case MoveKind::Relocation:
            san = token(pos, from) + "<>" + g.name(to);
            break;
        case MoveKind::BunkerLeap:
            san = "K" + file_part(g.name(from)) + ">>" + g.name(to);
            break;
        case MoveKind::Adjustment: {
            san = "B" + file_part(g.name(from)) + "<=>" + token(pos, to);
            int alike = 0;
            for (Move o : legal)
                alike += o.kind() == MoveKind::Adjustment &&
                         file_part(g.name(o.from())) == file_part(g.name(from)) &&
                         token(pos, o.to()) == token(pos, to);
            if (alike > 1) san += file_part(g.name(to));
            break;
        }
        default: {
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
    if (text.empty()) throw Error("empty move");
    MoveList legal;
    generate_legal(pos, legal);
    const Geometry& g = pos.geometry();
    // Coordinate form, with castling also accepted as king-from + king-to and king-takes-rook.
    for (Move m : legal) {
        if (move_to_uci(pos, m) == text) return m;
        if (m.kind() == MoveKind::Castling) {
            const Color us = pos.side_to_move();
            const CastlingSide side = pos.castling_side(us, m.to());
            const std::string king_to =
                g.name(m.from()) + g.name(pos.game().castling.king_to[us][side]);
            const std::string takes_rook = g.name(m.from()) + g.name(m.to());
            bool taken = false;
            for (Move o : legal)
                taken |= o.kind() != MoveKind::Castling && move_to_uci(pos, o) == king_to;
            if ((text == king_to && !taken) || text == takes_rook) return m;
        }
    }
    // SAN: exact spelling first, then any spelling with or without disambiguation, 'x' and '='.
    const std::string wanted = strip_annotations(text);
    for (Move m : legal)
        if (strip_annotations(move_to_san(pos, m)) == wanted) return m;
    // O-O is also read as castling on the king's side where that is written O-Og.
    if (wanted == "O-O")
        for (Move m : legal)
            if (m.kind() == MoveKind::Castling &&
                pos.castling_side(pos.side_to_move(), m.to()) == KING_SIDE)
                return m;
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
    if (found.size() > 1) throw Error("ambiguous move '" + text + "'");
    // Distinguish a malformed move from an illegal one, for a useful message.
    bool looks_like_move = false;
    for (Square a = 0; a < g.size(); ++a)
        if (text.rfind(g.name(a), 0) == 0)
            for (Square b = 0; b < g.size(); ++b)
                looks_like_move |= text.substr(g.name(a).size(), g.name(b).size()) == g.name(b);
    const bool san_like = !text.empty() && (std::isalpha(static_cast<unsigned char>(text[0])) ||
                                            text[0] == 'O' || text[0] == '0');
    if (!looks_like_move && !san_like)
        throw Error("'" + text + "' is not a move in UCI or SAN form");
    throw Error("illegal move '" + text + "'" +
                (pos.phase() != PLAY ? " (the relocation phase is on)" : ""));
}

}  // namespace menagerie
