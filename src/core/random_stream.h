// Reproducible, verifiable randomness for games of chance (Black Swan).
//
// A game has a 32-byte seed. Every random decision is made from a stream named by a label that
// says what is decided ("setup/white", "event/3", "promotion/7"): the stream's bytes are the
// blocks HMAC-SHA-256(key = seed, message = label || 0x00 || block number as 4 bytes, big-endian),
// block 0, 1, 2, ... in order. A number below n is read as the next 8 bytes (big-endian); a word
// at or above the largest multiple of n that fits in 64 bits is discarded and the next 8 bytes are
// read (rejection sampling), so every value below n is exactly equally likely. Anyone holding the
// seed can recompute every draw; before the game the players see SHA-256(seed), the commitment.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace menagerie {

using Seed = std::array<uint8_t, 32>;
using Digest = std::array<uint8_t, 32>;

Digest hmac_sha256(const uint8_t* key, size_t key_size, const uint8_t* data, size_t size);
Digest sha256(const uint8_t* data, size_t size);

// The commitment to a seed: SHA-256 of its 32 bytes.
Digest commitment(const Seed& seed);

// Lower-case hex, and its inverse (64 hex digits for a seed; nullopt for anything else).
std::string to_hex(const uint8_t* bytes, size_t size);
template <size_t N>
std::string to_hex(const std::array<uint8_t, N>& bytes) {
    return to_hex(bytes.data(), N);
}
std::optional<Seed> seed_from_hex(std::string_view hex);
// A seed as a user gives it: 64 hex digits, or a whole number from 0 to 2^64 - 1 in decimal
// (for reproducible tests), which stands for the 32-byte big-endian number of that value (so
// "42" is the seed 00...002a). nullopt for anything else.
std::optional<Seed> seed_from_text(std::string_view text);

// The key a game's draws are made with when its players contribute randomness of their own
// after seeing the commitment: HMAC-SHA-256(key = seed, message = "contributions" || 0x00 ||
// the first contribution || 0x00 || the second ...). With no contribution (every one empty) it
// is the seed itself, so records without contributions verify as before.
Seed mixed_seed(const Seed& seed, const std::vector<std::string>& contributions);

// A fresh seed from the system's secure random source.
Seed random_seed();

// The value below n that the 64-bit word x stands for, or nullopt when x must be rejected
// (x at or above n * floor(2^64 / n)). n > 0.
std::optional<uint64_t> accept_below(uint64_t x, uint64_t n);

// One labelled stream of draws from a seed.
class RandomStream {
  public:
    // The label must not contain a NUL byte (it separates the label from the block number).
    RandomStream(const Seed& seed, std::string label);

    // The next 8 bytes of the stream as a big-endian word.
    uint64_t next_word();
    // A number in [0, n), uniformly (n > 0).
    uint64_t below(uint64_t n);
    // A uniformly random permutation of `items` (Fisher-Yates from the last position down).
    template <class T>
    void shuffle(std::vector<T>& items) {
        for (size_t i = items.size(); i > 1; --i) {
            const size_t j = static_cast<size_t>(below(i));
            std::swap(items[i - 1], items[j]);
        }
    }

    const std::string& label() const { return label_; }
    uint32_t blocks_used() const { return block_; }

  private:
    void refill();

    Seed seed_;
    std::string label_;
    uint32_t block_ = 0;  // the next block to compute
    Digest buffer_{};
    size_t used_ = sizeof(Digest);  // bytes of buffer_ consumed
};

}  // namespace menagerie
