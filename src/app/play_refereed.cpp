// `menagerie play --variant blackswan`: the program referees; the terminal shows the side to
// move only its player's view (face-down swans as S, the unseen tiles, the commitment) and every
// message a player gets is made from that view. The seed is shown when the game ends.
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "core/error.h"
#include "core/outcome.h"
#include "core/random_stream.h"
#include "core/record.h"
#include "hidden/player_view.h"
#include "hidden/record.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

const char* const REFEREE_HELP =
    "commands:\n"
    "  MOVE   play a move, in UCI (d2d4) or SAN (Sd4, Nf3, B@c3) form; the referee turns\n"
    "         swans over and draws promotions, and announces what came\n"
    "  moves  list your legal moves\n"
    "  fen    print your view as FEN\n"
    "  pgn    print the record so far (the seed is added when the game is over)\n"
    "  help   this list\n"
    "  quit   leave (also: exit, or end of input)\n";

std::string unseen_text(const PlayerView& view, Color side) {
    static const char* const names[] = {"P", "N", "B", "R", "Q", "2+", "2-", "3+", "3-"};
    std::string text;
    for (int k = 0; k < TILE_KINDS_MAX; ++k)
        text += std::string(k ? " " : "") + names[k] + "=" +
                std::to_string(view.unseen(side)[static_cast<size_t>(k)]);
    return text;
}

}  // namespace

int run_refereed_play(const std::shared_ptr<const Game>& game, const Position& start) {
    const std::string commitment =
        to_hex(menagerie::commitment(*seed_from_hex(game->options.at("seed"))));
    std::cout << game->title
              << ", refereed by the program. Commitment (SHA-256 of the seed): " << commitment
              << "\nType a move, or 'help' for the commands.\n";
    GameRecord referee(start);
    // Both sides see the same in Black Swan; the view shown is the side to move's.
    PlayerView view = view_of(start, WHITE, commitment);
    Outcome end;
    auto show = [&] {
        draw(view.position());
        std::cout << "unseen tiles: White " << unseen_text(view, WHITE) << "; Black "
                  << unseen_text(view, BLACK) << "\n";
        end = outcome(view.position());
        if (end.result != Result::Ongoing)
            std::cout << "game over: " << result_text(end.result) << " (" << end.reason
                      << "). The seed was " << game->options.at("seed") << ".\n";
        else if (view.position().checkers())
            std::cout << "check\n";
    };
    show();
    for (std::string line; std::cout << (end.result != Result::Ongoing             ? "game over> "
                                         : view.position().side_to_move() == WHITE ? "white> "
                                                                                   : "black> "),
                           std::getline(std::cin, line);) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command.empty()) continue;
        if (command == "quit" || command == "exit") return 0;
        if (command == "help") {
            std::cout << REFEREE_HELP;
        } else if (command == "fen") {
            std::cout << view.fen() << "\n";
        } else if (command == "pgn") {
            std::cout << player_pgn(start, referee.moves(), end.result != Result::Ongoing);
        } else if (command == "moves") {
            for (Move m : view.legal_moves()) std::cout << view.san(m) << " ";
            std::cout << "\n";
        } else if (end.result != Result::Ongoing) {
            std::cout << "error: the game is over; 'pgn', 'fen' or 'quit'\n";
        } else {
            try_typed_move([&] {
                // The player's text is read on the view (so errors speak of what it shows);
                // the referee plays the same move and announces its outcome.
                const Move asked = read_move(view.position(), command, false);
                if (asked.outcome() != 0)
                    throw Error(ErrorKind::Move, "move",
                                "give the move only: the referee draws what it brings");
                const Move told = announce(referee.position(), asked);
                const std::string text = view.san(told);
                view.play(told);
                referee.play(asked);
                std::cout << "played " << text << "\n";
                show();
            });
        }
    }
    std::cout << "\n";
    return 0;
}

}  // namespace menagerie
