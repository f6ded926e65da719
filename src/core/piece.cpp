#include "core/piece.h"

#include <stdexcept>

namespace menagerie {

PieceType make_piece(const std::string& name) {
    using M = Mode;
    auto p = [&](char letter, std::vector<Movement> moves, int value) {
        return PieceType{name, std::string(1, letter), std::move(moves), false, false, value};
    };
    if (name == "king") {
        PieceType k = p('K', {step(ALL_DIRECTIONS)}, 0);
        k.royal = true;
        return k;
    }
    if (name == "pawn") {
        PieceType pawn =
            p('P', {step(FORWARD, M::MoveOnly), step(FORWARD_DIAGONALS, M::CaptureOnly)}, 100);
        pawn.pawn = true;
        return pawn;
    }
    if (name == "knight") return p('N', {leap(1, 2)}, 310);
    if (name == "bishop") return p('B', {ride(DIAGONAL)}, 330);
    if (name == "rook") return p('R', {ride(ORTHOGONAL)}, 500);
    if (name == "queen") return p('Q', {ride(ALL_DIRECTIONS)}, 950);
    if (name == "man") return p('M', {step(ALL_DIRECTIONS)}, 320);
    if (name == "wazir") return p('W', {step(ORTHOGONAL)}, 150);
    if (name == "fers") return p('F', {step(DIAGONAL)}, 150);
    if (name == "walker")
        return p('A', {step(ORTHOGONAL, M::MoveOnly), step(DIAGONAL, M::CaptureOnly)}, 140);
    if (name == "elephant") return p('E', {step(DIAGONAL | FORWARD)}, 200);
    if (name == "camel") return p('C', {leap(1, 3)}, 250);
    if (name == "zebra") return p('Z', {leap(2, 3)}, 230);
    if (name == "giraffe") return p('G', {leap(1, 4)}, 230);
    if (name == "tiger")
        return p('T', {ride(DIAGONAL, 0, M::MoveOnly), leap(1, 2, M::CaptureOnly)}, 280);
    if (name == "lion")
        return p('L', {leap(1, 2, M::MoveOnly), ride(DIAGONAL, 0, M::CaptureOnly)}, 280);
    if (name == "cannon") return p('O', {ride(ORTHOGONAL, 0, M::MoveOnly), hop(ORTHOGONAL)}, 450);
    if (name == "vao") return p('V', {ride(DIAGONAL, 0, M::MoveOnly), hop(DIAGONAL)}, 300);
    if (name == "leo")
        return p('X', {ride(ALL_DIRECTIONS, 0, M::MoveOnly), hop(ALL_DIRECTIONS)}, 600);
    if (name == "princess") return p('S', {ride(DIAGONAL), leap(1, 2)}, 800);
    if (name == "empress") return p('Y', {ride(ORTHOGONAL), leap(1, 2)}, 900);
    if (name == "duchess") return p('D', {ride(DIAGONAL), leap(2, 3)}, 700);
    if (name == "lady") return p('J', {ride(DIAGONAL), leap(1, 4)}, 700);
    if (name == "monarch") return p('U', {ride(ORTHOGONAL), leap(1, 3)}, 800);
    if (name == "archbishop") return p('H', {ride(DIAGONAL), step(ORTHOGONAL)}, 550);
    if (name == "nightrider") return p('I', {leap_ride(1, 2)}, 550);
    if (name == "camelrider") return p('K', {leap_ride(1, 3)}, 400);
    if (name == "griffin") return p('F', {bent(DIAGONAL, 2)}, 700);
    if (name == "rhinoceros") return p('R', {crooked(7)}, 700);
    throw std::invalid_argument("unknown piece '" + name + "'");
}

}  // namespace menagerie
