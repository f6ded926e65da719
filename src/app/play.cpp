// `menagerie play`: a terminal session for two people (until the engine and the web app land).
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "app/game_flags.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "hidden/player_view.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"

namespace menagerie {

namespace {

// Chess 66 as drawn: the upper half one column further left than the lower, `4` left of a4 and
// `5` right of h5, file letters above and below (each half has its own).
void draw_shifted(const Position& pos, size_t width) {
    const Geometry& g = pos.geometry();
    auto column_of = [&](Square s) {  // by the cell's leftmost drawn corner
        double x = g.cell(s).polygon[0].x;
        for (const Point& p : g.cell(s).polygon) x = std::min(x, p.x);
        return static_cast<int>(x - g.bounds().min_x);
    };
    auto line = [&](int rank, bool pieces) {
        std::string row = pieces ? " " + std::to_string(rank + 1) + " " : "   ";
        int at = 0;
        for (int file = -1; file <= g.width(); ++file) {
            const Square s = g.at(file, rank);
            if (s == SQ_NONE) continue;
            for (const int c = std::max(column_of(s), at); at < c; ++at)
                row += std::string(width + 1, ' ');
            const Piece p = pos.piece_on(s);
            std::string text = !pieces ? (file >= 0 && file < g.width() ? file_name(file) : " ")
                               : p == NO_PIECE ? "."
                                               : pos.game().token(p);
            row += text + std::string(width + 1 - text.size(), ' ');
            ++at;
        }
        return row;
    };
    std::cout << line(g.height() - 1, false) << "\n";
    for (int rank = g.height() - 1; rank >= 0; --rank) std::cout << line(rank, true) << "\n";
    std::cout << line(0, false) << "\n" << write_fen(pos) << "\n";
}

}  // namespace

void draw(const Position& pos) {
    const Geometry& g = pos.geometry();
    size_t width = 1;  // a column fits the longest token (C'' is three characters)
    for (const PieceType& t : pos.game().men.types) width = std::max(width, t.token.size());
    if (g.switch_fields()) return draw_shifted(pos, width);
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

const char* const PLAY_HELP =
    "commands:\n"
    "  MOVE        play a move, in UCI (e2e4) or SAN (e4, Nf3, O-O) form\n"
    "  moves       list the legal moves\n"
    "  undo        take back the last move\n"
    "  fen         print the position as FEN\n"
    "  pgn [FILE]  print the game as PGN, or write it to FILE\n"
    "  help        this list\n"
    "  quit        leave (also: exit, or end of input)\n";

void try_typed_move(const std::function<void()>& play_move) {
    try {
        play_move();
    } catch (const Error& e) {
        std::cout << "error: " << e.what() << " ('help' lists the commands)\n";
    }
}

namespace {

int run_play(const std::shared_ptr<const Game>& game, Position start) {
    // A game with hidden identities: the program is the referee, the players see their views.
    if (is_referee_game(*game)) return run_refereed_play(game, start);
    std::cout << game->title << ". Type a move (UCI or SAN), or 'help' for the commands.\n";
    GameRecord record(start);
    Position& pos = record.position();
    std::vector<std::string> played;  // UCI, for the PGN
    Outcome end;
    // Draws the board, then says whether the side to move is in check or the game is over.
    auto show = [&] {
        draw(pos);
        end = outcome(pos);
        if (end.result != Result::Ongoing)
            std::cout << "game over: " << result_text(end.result) << " (" << end.reason
                      << "). 'undo', 'pgn [FILE]', 'fen' or 'quit'.\n";
        else if (pos.checkers())
            std::cout << "check\n";
    };
    show();
    for (std::string line; std::cout << (end.result != Result::Ongoing ? "game over> "
                                         : pos.side_to_move() == WHITE ? "white> "
                                                                       : "black> "),
                           std::getline(std::cin, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        while (!line.empty() && line.front() == ' ') line.erase(0, 1);
        std::istringstream words(line);
        std::string command, argument, extra;
        words >> command >> argument >> extra;
        if (command.empty()) continue;
        if (command == "quit" || command == "exit") {
            return 0;
        } else if (command == "help") {
            std::cout << PLAY_HELP;
        } else if (command == "fen") {
            std::cout << write_fen(pos) << "\n";
        } else if (command == "moves") {
            if (end.result != Result::Ongoing) {
                std::cout << "no moves: the game is over (" << result_text(end.result) << ", "
                          << end.reason << ")\n";
                continue;
            }
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) std::cout << move_to_san(pos, m) << " ";
            std::cout << "\n";
        } else if (command == "undo") {
            if (record.undo()) {
                played.pop_back();
                show();
            } else {
                std::cout << "nothing to undo\n";
            }
        } else if (command == "pgn") {
            const std::string pgn = write_pgn(start, played);
            if (!extra.empty()) {
                std::cout << "error: pgn takes at most one file name\n";
            } else if (argument.empty()) {
                std::cout << pgn;
            } else {
                std::ofstream out(argument, std::ios::binary);
                if (out << pgn && out.flush())
                    std::cout << "wrote " << menagerie::quoted(argument) << "\n";
                else
                    std::cout << "error: cannot write " << menagerie::quoted(argument) << "\n";
            }
        } else if (end.result != Result::Ongoing) {
            std::cout << "error: the game is over (" << result_text(end.result) << ", "
                      << end.reason << "); 'undo', 'pgn [FILE]', 'fen' or 'quit'\n";
        } else {
            try_typed_move([&] {
                const Move m = read_move(pos, line);
                played.push_back(move_to_uci(pos, m));
                record.play(m);
                show();
            });
        }
    }
    std::cout << "\n";
    return 0;
}

}  // namespace

Runner declare_play(CLI::App& cmd) {
    return on_position(cmd, [](Position& start) { return run_play(start.game_ptr(), start); });
}

}  // namespace menagerie
