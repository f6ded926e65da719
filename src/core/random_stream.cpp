#include "core/random_stream.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace menagerie {

Digest hmac_sha256(const uint8_t* key, size_t key_size, const uint8_t* data, size_t size) {
    Digest out{};
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key, static_cast<int>(key_size), data, size, out.data(), &length) ||
        length != out.size())
        throw std::runtime_error("HMAC-SHA-256 failed");
    return out;
}

Digest sha256(const uint8_t* data, size_t size) {
    Digest out{};
    unsigned int length = 0;
    if (!EVP_Digest(data, size, out.data(), &length, EVP_sha256(), nullptr) || length != out.size())
        throw std::runtime_error("SHA-256 failed");
    return out;
}

Digest commitment(const Seed& seed) { return sha256(seed.data(), seed.size()); }

std::string to_hex(const uint8_t* bytes, size_t size) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    text.reserve(2 * size);
    for (size_t i = 0; i < size; ++i) {
        text += digits[bytes[i] >> 4];
        text += digits[bytes[i] & 15];
    }
    return text;
}

std::optional<Seed> seed_from_hex(std::string_view hex) {
    if (hex.size() != 64) return std::nullopt;
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    Seed seed{};
    for (size_t i = 0; i < seed.size(); ++i) {
        const int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        seed[i] = static_cast<uint8_t>(hi << 4 | lo);
    }
    return seed;
}

std::optional<Seed> seed_from_text(std::string_view text) {
    if (text.size() == 64) return seed_from_hex(text);
    if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != text.npos)
        return std::nullopt;
    uint64_t value = 0;
    for (char c : text) {
        const uint64_t digit = static_cast<uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    Seed seed{};
    for (size_t i = 0; i < 8; ++i) seed[31 - i] = static_cast<uint8_t>(value >> (8 * i));
    return seed;
}

Seed mixed_seed(const Seed& seed, const std::vector<std::string>& contributions) {
    bool any = false;
    for (const std::string& c : contributions) any |= !c.empty();
    if (!any) return seed;
    std::string message = "contributions";
    for (const std::string& c : contributions) message += '\0' + c;
    const Digest d = hmac_sha256(seed.data(), seed.size(),
                                 reinterpret_cast<const uint8_t*>(message.data()), message.size());
    Seed key{};
    std::copy(d.begin(), d.end(), key.begin());
    return key;
}

Seed random_seed() {
    Seed seed{};
    if (RAND_bytes(seed.data(), static_cast<int>(seed.size())) != 1)
        throw std::runtime_error("the system's secure random source failed");
    return seed;
}

std::optional<uint64_t> accept_below(uint64_t x, uint64_t n) {
    // limit = n * floor(2^64 / n) = 2^64 - (2^64 mod n); 2^64 mod n = (2^64 - n) mod n.
    const uint64_t excess = (0 - n) % n;
    if (excess != 0 && x >= 0 - excess) return std::nullopt;
    return x % n;
}

RandomStream::RandomStream(const Seed& seed, std::string label)
    : seed_(seed), label_(std::move(label)) {
    if (label_.find('\0') != std::string::npos)
        throw std::invalid_argument("a random stream's label holds a NUL byte");
}

void RandomStream::refill() {
    std::string message = label_;
    message += '\0';
    for (int shift = 24; shift >= 0; shift -= 8)
        message += static_cast<char>((block_ >> shift) & 0xFF);
    buffer_ = hmac_sha256(seed_.data(), seed_.size(),
                          reinterpret_cast<const uint8_t*>(message.data()), message.size());
    ++block_;
    used_ = 0;
}

uint64_t RandomStream::next_word() {
    uint64_t word = 0;
    for (int i = 0; i < 8; ++i) {
        if (used_ == buffer_.size()) refill();
        word = word << 8 | buffer_[used_++];
    }
    return word;
}

uint64_t RandomStream::below(uint64_t n) {
    if (n == 0) throw std::invalid_argument("a draw below 0");
    for (;;)
        if (const auto value = accept_below(next_word(), n)) return *value;
}

}  // namespace menagerie
