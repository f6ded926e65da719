// Secrets: game ids and seat tokens (random 128 bits from OpenSSL, hex), and the hashes the
// storage keeps instead of the tokens.
#pragma once

#include <string>

namespace menagerie::server {

std::string random_hex(size_t bytes);
std::string new_token();                                     // 32 hex digits
std::string new_game_id();                                   // 12 hex digits
std::string token_hash(const std::string& token);            // SHA-256, hex
bool same_hash(const std::string& a, const std::string& b);  // in constant time

}  // namespace menagerie::server
