#include "server/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace menagerie::server {

namespace {

// The Glicko-2 scale: ratings and deviations divided by this, centred on 1500.
constexpr double SCALE = 173.7178;
constexpr double EPSILON = 0.000001;

double g(double phi) {
    return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double clamp_deviation(double rd) {
    return std::clamp(rd, GLICKO2_MIN_DEVIATION, GLICKO2_MAX_DEVIATION);
}

// The new volatility: the root of the paper's f by the Illinois method (its step 5).
double new_volatility(double phi, double sigma, double delta, double v, double tau) {
    const double a = std::log(sigma * sigma);
    auto f = [&](double x) {
        const double ex = std::exp(x), d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) ++k;
        B = a - k * tau;
    }
    double fA = f(A), fB = f(B);
    while (std::abs(B - A) > EPSILON) {
        const double C = A + (A - B) * fA / (fB - fA), fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return std::exp(A / 2);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Result>& results,
                             double tau) {
    if (results.empty()) return glicko2_idle(player, 1);
    const double mu = (player.rating - 1500) / SCALE, phi = player.deviation / SCALE;
    double inverse_v = 0, sum = 0;
    for (const Glicko2Result& r : results) {
        const double mu_j = (r.opponent.rating - 1500) / SCALE,
                     g_j = g(r.opponent.deviation / SCALE);
        const double e = 1 / (1 + std::exp(-g_j * (mu - mu_j)));
        inverse_v += g_j * g_j * e * (1 - e);
        sum += g_j * (r.score - e);
    }
    const double v = 1 / inverse_v, delta = v * sum;
    const double sigma = new_volatility(phi, player.volatility, delta, v, tau);
    const double phi_star = std::sqrt(phi * phi + sigma * sigma);
    const double new_phi = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    const double new_mu = mu + new_phi * new_phi * sum;
    return {SCALE * new_mu + 1500, clamp_deviation(SCALE * new_phi), sigma};
}

Glicko2Rating glicko2_idle(const Glicko2Rating& player, double periods) {
    const double phi = player.deviation / SCALE;
    const double grown =
        std::sqrt(phi * phi + std::max(periods, 0.0) * player.volatility * player.volatility);
    return {player.rating, clamp_deviation(SCALE * grown), player.volatility};
}

}  // namespace menagerie::server
