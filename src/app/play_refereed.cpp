// `menagerie play --variant blackswan`: the program referees; the terminal shows the side to
// move only its player's view (face-down swans as S, the unseen tiles, the commitment) and every
// message a player gets is made from that view. The seed is shown when the game ends.
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "app/game_flags.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "hidden/referee.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

const char* const REFEREE_HELP =
    "commands:\n"
    "  MOVE   play a move, in UCI (d2d4) or SAN (Sd4, Nf3, B@c3) form; the referee turns\n"
    "         swans over and draws promotions, and announces what came\n"
    "  moves  list your legal moves\n"
    "  contribute white|black TEXT   before move 1: a side's own randomness, mixed into\n"
    "         every draw (so that not even the referee chooses them)\n"
    "  fen    print your view as FEN\n"
    "  pgn    print the record so far (the seed is added when the game is over)\n"
    "  help   this list\n"
    "  quit   leave (also: exit, or end of input)\n";

std::string unseen_text(const PlayerView& view, Color side) {
    const std::vector<std::string>& names = view.position().game().chance.tile_names;
    std::string text;
    for (size_t k = 0; k < names.size(); ++k)
        text += std::string(k ? " " : "") + names[k] + "=" + std::to_string(view.unseen(side)[k]);
    return text;
}

}  // namespace

int run_refereed_play(const std::shared_ptr<const Game>& game, const Position& start) {
    Referee referee(start);
    std::cout << game->title << ", refereed by the program. Commitment (SHA-256 of the seed): "
              << referee.commitment() << "\nType a move, or 'help' for the commands.\n";
    // Both sides see the same in Black Swan; the view shown is the side to move's.
    const PlayerView& view = referee.view();
    Outcome end;
    auto show = [&] {
        draw(view.position());
        std::cout << "unseen tiles: White " << unseen_text(view, WHITE) << "; Black "
                  << unseen_text(view, BLACK) << "\n";
        end = outcome(referee.position());
        if (end.result != Result::Ongoing)
            std::cout << "game over: " << result_text(end.result) << " (" << end.reason
                      << "). The seed was " << referee.seed() << ".\n";
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
            std::cout << referee.pgn({}, end.result != Result::Ongoing);
        } else if (command == "contribute") {
            std::string side, text;
            words >> side;
            std::getline(words >> std::ws, text);
            try_typed_move([&] {
                if (side != "white" && side != "black")
                    throw Error(ErrorKind::Usage, "contribute",
                                "contribute white TEXT or contribute black TEXT");
                referee.contribute(side == "white" ? WHITE : BLACK, text);
                std::cout << side << "'s contribution is taken\n";
            });
        } else if (command == "moves") {
            Position& seen = referee.view_position();
            MoveList legal;
            generate_legal(seen, legal);
            for (Move m : legal) std::cout << move_to_san(seen, legal, m) << " ";
            std::cout << "\n";
        } else if (end.result != Result::Ongoing) {
            std::cout << "error: the game is over; 'pgn', 'fen' or 'quit'\n";
        } else {
            try_typed_move([&] {
                // The player's text is read on the view (so errors speak of what it shows);
                // the referee plays it and announces its outcome.
                const Move asked = read_move(referee.view_position(), command, false);
                if (asked.outcome() != 0)
                    throw Error(ErrorKind::Move, "move",
                                "give the move only: the referee draws what it brings");
                std::cout << "played " << referee.play(asked).san << "\n";
                show();
            });
        }
    }
    std::cout << "\n";
    return 0;
}

}  // namespace menagerie
