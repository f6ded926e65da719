#include "notation/played_move.h"

#include "core/rules.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

PlayedMove play_noted(GameRecord& record, Move m) {
    Position& pos = record.position();
    PlayedMove played{m, move_to_uci(pos, m), move_to_san(pos, m), {}, chance_draw(pos, m)};
    record.play(m);
    played.fen = write_fen(pos);
    return played;
}

}  // namespace menagerie
