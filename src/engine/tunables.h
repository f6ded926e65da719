// The search's margins and divisors by name, so that they can be tuned by playing (SPSA,
// scripts/spsa.py, docs/engine.md "Tuning the search") without a build per try: UCI
// `setoption name Tune NAME value V` sets one (not listed by `uci`: a GUI has no use for them).
// Set between searches only; the search reads them where it used constants.
#pragma once

#include <array>
#include <string_view>

namespace menagerie::engine {

struct Tunable {
    const char* name;
    int value, min, max;
};

enum TunableIndex {
    RFP_MARGIN,  // reverse futility: eval - margin * depth >= beta
    RAZOR_BASE,  // razoring: eval + base + slope * depth^2 < alpha
    RAZOR_SLOPE,
    NULL_EVAL_DIVISOR,  // null move: one more ply of reduction per this much above beta
    FUTILITY_BASE,      // quiet moves whose eval + base + slope * lmr depth cannot reach alpha
    FUTILITY_SLOPE,
    SEE_QUIET,        // quiet moves losing more than this * lmr depth^2 by exchange
    SEE_TACTICAL,     // captures losing more than this * depth
    HISTORY_PRUNE,    // quiet moves whose history is below -this * depth (depth <= 3)
    SINGULAR_MARGIN,  // singular beta: tt score - this * depth
    LMR_HISTORY,      // one ply less (more) reduction per this much history
    QS_DELTA,         // quiescence: captures that cannot lift eval within this of alpha
    ASPIRATION,       // the first window around the last score
    PROBCUT_MARGIN,   // ProbCut: a capture beating beta + this in a shallower search cuts
    // Captures whose eval + base + slope * depth + gain cannot reach alpha.
    CAPTURE_FUTILITY_BASE,
    CAPTURE_FUTILITY_SLOPE,
    // The clock (timed searches only): no new iteration once this percent of the optimum
    // (scaled by the best move's stability and the score's trend) has passed.
    TIME_USE,
    TIME_TREND,  // centipawns of fall since the last move's search that call for half as long again
    TUNABLE_NB
};

inline std::array<Tunable, TUNABLE_NB> tunables = {{
    {"rfp_margin", 80, 30, 200},
    {"razor_base", 300, 100, 800},
    {"razor_slope", 250, 50, 600},
    {"null_eval_divisor", 200, 60, 600},
    {"futility_base", 100, 0, 400},
    {"futility_slope", 120, 40, 300},
    {"see_quiet", 30, 5, 120},
    {"see_tactical", 90, 20, 300},
    {"history_prune", 1500, 200, 6000},
    {"singular_margin", 2, 1, 8},
    {"lmr_history", 9000, 2000, 30000},
    {"qs_delta", 200, 50, 600},
    {"aspiration", 18, 5, 80},
    {"probcut_margin", 200, 80, 500},
    {"capture_futility_base", 200, 0, 600},
    {"capture_futility_slope", 150, 40, 400},
    {"time_use", 100, 30, 200},
    {"time_trend", 100, 0, 400},
}};

inline int tuned(TunableIndex i) { return tunables[i].value; }

}  // namespace menagerie::engine
