#include "games/games.h"

namespace menagerie {

std::shared_ptr<const Game> make_chess(const Options& options) {
    auto game = orthodox_game("chess", "Chess");
    game->castling.uci_king_to = true;
    apply_options(*game, options);
    game->freeze();
    game->start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    game->setups = {{0, "RNBQKBNR", game->start_fen, {"standard"}}};
    return game;
}

}  // namespace menagerie
