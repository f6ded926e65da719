#include "games/games.h"

namespace menagerie {

std::shared_ptr<const Game> make_chess(const Options& options) {
    auto game = orthodox_game("chess", "Chess");
    game->rules.castling.uci_king_to = true;
    apply_options(*game, options);
    game->freeze();
    game->start.setups = {{0, "RNBQKBNR", {"standard"}}};
    game->start.build_setup = [](Position& pos, int) {
        put_array(pos, "RNBQKBNR", BlackArray::Mirrored);
        give_castling_rights(pos);
    };
    game->start.build_start = [](Position& pos) { pos.game().start.build_setup(pos, 0); };
    return game;
}

}  // namespace menagerie
