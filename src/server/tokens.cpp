#include "server/tokens.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <stdexcept>
#include <vector>

#include "core/random_stream.h"

namespace menagerie::server {

std::string random_hex(size_t bytes) {
    std::vector<uint8_t> buffer(bytes);
    if (RAND_bytes(buffer.data(), static_cast<int>(bytes)) != 1)
        throw std::runtime_error("the system's random number generator failed");
    return to_hex(buffer.data(), bytes);
}

std::string new_token() { return random_hex(16); }
std::string new_game_id() { return random_hex(6); }

std::string token_hash(const std::string& token) {
    return to_hex(sha256(reinterpret_cast<const uint8_t*>(token.data()), token.size()));
}

bool same_hash(const std::string& a, const std::string& b) {
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace menagerie::server
