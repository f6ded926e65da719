// The boards of the games that are not a plain rectangle, built from the geometry's cells and
// links (docs/rules/chess2016.md, docs/rules/chess66.md).
#pragma once

#include "core/geometry.h"

namespace menagerie {

// Chess 56 / Chess 2016: 96 cells in a 12 x 10 box, holes at the corners.
Geometry chess2016_board();
// Chess 66: two shifted 8 x 4 halves joined by the switches 4/a4 and 5/h5.
Geometry chess66_board();

}  // namespace menagerie
