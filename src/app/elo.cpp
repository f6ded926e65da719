#include "app/elo.h"

#include <array>
#include <cmath>
#include <limits>

namespace menagerie {

namespace {

constexpr double INF = std::numeric_limits<double>::infinity();
constexpr double Z95 = 1.959963984540054;  // the two-sided 95% quantile of the normal law

// The maximum-likelihood probabilities of win, draw and loss (scoring 1, 1/2, 0) from the
// observed frequencies `p`, constrained to the expected score `s`: p_i / (1 + t (a_i - s)),
// where t solves sum p_i (a_i - s) / (1 + t (a_i - s)) = 0 (docs/match.md). That sum falls as t
// grows, so bisection finds t on the interval where every denominator stays positive.
std::array<double, 3> constrained(const std::array<double, 3>& p, double s) {
    constexpr std::array<double, 3> a = {1.0, 0.5, 0.0};
    double low = -1 / (1 - s), high = 1 / s;  // 1 + t (a_i - s) > 0 for a_i in [0, 1]
    auto f = [&](double t) {
        double sum = 0;
        for (size_t i = 0; i < 3; ++i) sum += p[i] * (a[i] - s) / (1 + t * (a[i] - s));
        return sum;
    };
    for (int i = 0; i < 200; ++i) {
        const double mid = (low + high) / 2;
        (f(mid) > 0 ? low : high) = mid;
    }
    const double t = (low + high) / 2;
    std::array<double, 3> q{};
    for (size_t i = 0; i < 3; ++i) q[i] = p[i] / (1 + t * (a[i] - s));
    return q;
}

}  // namespace

double Score::fraction() const { return games() ? (wins + draws / 2.0) / games() : 0.5; }

double elo_of_score(double fraction) {
    if (fraction <= 0) return -INF;
    if (fraction >= 1) return INF;
    return -400 * std::log10(1 / fraction - 1);
}

double score_of_elo(double elo) { return 1 / (1 + std::pow(10, -elo / 400)); }

EloEstimate estimate_elo(const Score& s) {
    const int n = s.games();
    if (n == 0) return {0, INF};
    const double p = s.fraction();
    // The variance of one game's score about the mean, from the observed results.
    const double variance =
        (s.wins * (1 - p) * (1 - p) + s.draws * (0.5 - p) * (0.5 - p) + s.losses * p * p) / n;
    const double deviation = std::sqrt(variance / n);
    const double low = p - Z95 * deviation, high = p + Z95 * deviation;
    return {elo_of_score(p), (elo_of_score(high) - elo_of_score(low)) / 2};
}

double sprt_llr(const Score& s, double elo0, double elo1) {
    if (s.games() == 0) return 0;
    // A result never seen would make a constrained probability 0 and the ratio undefined at the
    // start of a test: it counts as 0.001 of a game (as fishtest regularizes).
    const std::array<double, 3> counts = {s.wins ? double(s.wins) : 1e-3,
                                          s.draws ? double(s.draws) : 1e-3,
                                          s.losses ? double(s.losses) : 1e-3};
    const double n = counts[0] + counts[1] + counts[2];
    const std::array<double, 3> p = {counts[0] / n, counts[1] / n, counts[2] / n};
    const auto p0 = constrained(p, score_of_elo(elo0));
    const auto p1 = constrained(p, score_of_elo(elo1));
    double llr = 0;
    for (size_t i = 0; i < 3; ++i) llr += counts[i] * std::log(p1[i] / p0[i]);
    return llr;
}

SprtState sprt(const Score& s, const SprtSettings& settings) {
    SprtState st;
    st.lower = std::log(settings.beta / (1 - settings.alpha));
    st.upper = std::log((1 - settings.beta) / settings.alpha);
    st.llr = sprt_llr(s, settings.elo0, settings.elo1);
    st.verdict = st.llr >= st.upper   ? SprtVerdict::AcceptH1
                 : st.llr <= st.lower ? SprtVerdict::AcceptH0
                                      : SprtVerdict::Continue;
    return st;
}

std::string verdict_text(SprtVerdict v) {
    switch (v) {
        case SprtVerdict::AcceptH0:
            return "H0 accepted";
        case SprtVerdict::AcceptH1:
            return "H1 accepted";
        case SprtVerdict::Continue:
            break;
    }
    return "continue";
}

}  // namespace menagerie
