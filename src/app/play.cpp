// `menagerie play`: a terminal session for two people (until the engine and the web app land).
#include <iostream>

#include "app/commands.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

void draw(const Position& pos) {
    const Geometry& g = pos.geometry();
    size_t width = 1;  // a column fits the longest token (C'' is three characters)
    for (const PieceType& t : pos.game().types) width = std::max(width, t.token.size());
    auto column = [width](std::string text) {
        return text + std::string(width + 1 - text.size(), ' ');
    };
    for (int rank = g.height() - 1; rank >= 0; --rank) {
        std::string row = (rank < 9 ? " " : "") + std::to_string(rank + 1) + " ";
        for (int file = -1; file <= g.width(); ++file) {
            const Square s = g.at(file, rank);
            if (s == SQ_NONE) {
                if (file >= 0 && file < g.width()) row += column("");
                continue;
            }
            const Piece p = pos.piece_on(s);
            row += column(p == NO_PIECE ? "." : pos.game().token(p));
        }
        std::cout << row << "\n";
    }
    std::string files = "   ";
    for (int f = 0; f < g.width(); ++f) files += column(file_name(f));
    std::cout << files << "\n" << write_fen(pos) << "\n";
}

}  // namespace

int run_play(const std::shared_ptr<const Game>& game, Position start) {
    std::cout << game->title << ". Type a move (UCI or SAN), 'moves', 'undo', 'fen' or 'quit'.\n";
    GameRecord record(start);
    Position& pos = record.position();
    draw(pos);
    for (std::string line; std::cout << (pos.side_to_move() == WHITE ? "white> " : "black> "),
                           std::getline(std::cin, line);) {
        if (line == "quit" || line == "exit") break;
        if (line.empty()) continue;
        if (line == "fen") {
            std::cout << write_fen(pos) << "\n";
        } else if (line == "moves") {
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) std::cout << move_to_san(pos, m) << " ";
            std::cout << "\n";
        } else if (line == "undo") {
            if (record.undo())
                draw(pos);
            else
                std::cout << "nothing to undo\n";
        } else {
            try {
                record.play(parse_move(pos, line));
                draw(pos);
                const Outcome end = outcome(pos);
                if (end.result != Result::Ongoing) {
                    std::cout << result_text(end.result) << " (" << end.reason << ")\n";
                    break;
                }
            } catch (const Error& e) {
                std::cout << "error: " << e.what() << "\n";
            }
        }
    }
    return 0;
}

}  // namespace menagerie
