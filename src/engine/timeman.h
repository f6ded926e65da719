// How long a move may take: an optimum (checked between iterations) and a maximum (checked
// inside the search), from the clock, the increment and the moves to go, less a safety margin
// for the time a GUI and the operating system take to pass the move on.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/engine.h"

namespace menagerie::engine {

class TimeManager {
  public:
    void start(const Limits& limits, Color us, int move_overhead_ms);
    void restart() { start_ = std::chrono::steady_clock::now(); }  // the clock starts now
    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start_)
            .count();
    }
    bool timed() const { return timed_; }
    int64_t optimum() const { return optimum_; }
    int64_t maximum() const { return maximum_; }

  private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    bool timed_ = false;
    int64_t optimum_ = 0, maximum_ = 0;
};

}  // namespace menagerie::engine
