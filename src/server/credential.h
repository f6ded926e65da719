// Who asks to act for a seat of a game: the seat's token (anyone who has the game's link), a
// signed-in account (a session acts for the seats its account holds, on any device), both or
// neither. LiveGame::seat_of() is the one place that turns it into a seat.
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "core/text.h"

namespace menagerie::server {

// An account's key: its name in lower case (names are unique whatever their case).
inline std::string account_key(std::string name) { return lower_case(std::move(name)); }

struct Credential {
    std::optional<std::string> token;
    std::optional<std::string> account;  // account_key() of the session's account

    // A token alone converts (anything a string converts from: a JSON string too), so that
    // callers with a token only (the tests, the fuzz targets) read as before.
    Credential() = default;
    Credential(std::nullopt_t) {}
    Credential(std::optional<std::string> seat_token) : token(std::move(seat_token)) {}
    template <typename Text>
    requires std::is_convertible_v<const Text&, std::string> Credential(const Text& seat_token)
        : token(std::string(seat_token)) {}
    static Credential of(std::optional<std::string> seat_token,
                         std::optional<std::string> account) {
        Credential c(std::move(seat_token));
        c.account = std::move(account);
        return c;
    }
};

}  // namespace menagerie::server
