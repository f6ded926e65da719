#include "server/rate_limit.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace menagerie::server {

namespace {
// Past this many addresses, the full buckets (clients quiet for a minute) are forgotten, so the
// map stays small however many addresses come by.
constexpr size_t FORGET_AT = 10'000;
}  // namespace

std::optional<int> RateLimit::take(const std::string& client,
                                   std::chrono::steady_clock::time_point now) {
    if (per_minute_ <= 0) return std::nullopt;
    const double capacity = per_minute_, per_second = per_minute_ / 60.0;
    std::lock_guard lock(mutex_);
    auto refill = [&](Bucket& b) {
        const double seconds = std::chrono::duration<double>(now - b.filled).count();
        b.tokens = std::min(capacity, b.tokens + std::max(seconds, 0.0) * per_second);
        b.filled = now;
    };
    if (buckets_.size() >= FORGET_AT)
        for (auto it = buckets_.begin(); it != buckets_.end();) {
            refill(it->second);
            it = it->second.tokens >= capacity ? buckets_.erase(it) : std::next(it);
        }
    auto [it, added] = buckets_.try_emplace(client, Bucket{capacity, now});
    Bucket& bucket = it->second;
    refill(bucket);
    if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return std::nullopt;
    }
    return static_cast<int>(std::ceil((1 - bucket.tokens) / per_second));
}

}  // namespace menagerie::server
