#pragma once

#include <memory>

#include "core/position.h"

namespace menagerie {

int run_bench(int argc, char** argv);
int run_play(const std::shared_ptr<const Game>& game, Position pos);

}  // namespace menagerie
