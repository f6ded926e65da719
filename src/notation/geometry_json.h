// The board as drawing data, in JSON: what `menagerie geometry` prints and the web app reads.
//
//   {"id": "chess66", "width": 8, "height": 8,
//    "bounds": {"min_x": -1, "min_y": 0, "max_x": 8, "max_y": 8},
//    "cells": [{"name": "a1", "file": 0, "rank": 0, "polygon": [[0, 0], [1, 0], [1, 1], [0, 1]],
//               "centre": [0.5, 0.5], "colour": "dark", "mate": null}, ...]}
//
// Cells come in the geometry's order (rank by rank). `file` and `rank` are the 0-based grid
// coordinates notation uses (Chess 66's field 4 has file -1, field 5 file 8); `polygon` is where
// the cell is drawn in board units, counter-clockwise, y up with White at the bottom; `colour` is
// "light", "dark" or "both", and a "both" cell also has "parts": its single-coloured polygons,
// each {"polygon": ..., "colour": ...}. `mate` names the other field of a switch, or is null.
#pragma once

#include <string>

#include "core/geometry.h"

namespace menagerie {

std::string geometry_json(const Geometry& g);

}  // namespace menagerie
