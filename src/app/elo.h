// The statistics of a match: the score as an Elo difference with its 95% error bar, and the
// sequential probability ratio test (GSPRT on the trinomial win/draw/loss model). The formulas
// are derived in docs/match.md.
#pragma once

#include <string>

namespace menagerie {

struct Score {
    int wins = 0, losses = 0, draws = 0;  // of the first player
    int games() const { return wins + losses + draws; }
    double fraction() const;  // (wins + draws / 2) / games; 0.5 with no game
};

// The logistic Elo difference that gives an expected score `fraction` (0 < fraction < 1), and
// its inverse.
double elo_of_score(double fraction);
double score_of_elo(double elo);

struct EloEstimate {
    double elo = 0;     // infinite when every game was won (or lost)
    double margin = 0;  // half the width of the 95% interval, in Elo; infinite when unbounded
};
EloEstimate estimate_elo(const Score& s);

struct SprtSettings {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};
enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
struct SprtState {
    double llr = 0, lower = 0, upper = 0;  // lower = log(beta / (1 - alpha)), upper = ...
    SprtVerdict verdict = SprtVerdict::Continue;
};
// The trinomial log-likelihood ratio of "Elo is elo1" against "Elo is elo0", each hypothesis
// taking the maximum-likelihood win/draw/loss probabilities with that expected score.
double sprt_llr(const Score& s, double elo0, double elo1);
SprtState sprt(const Score& s, const SprtSettings& settings);
std::string verdict_text(SprtVerdict v);  // "H0 accepted", "H1 accepted", "continue"

}  // namespace menagerie
