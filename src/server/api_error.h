// An error a request caused: the HTTP status to answer with and one clear sentence for
// {"error": ...}. Whatever throws it has changed nothing.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace menagerie::server {

class ApiError : public std::runtime_error {
  public:
    ApiError(int status, const std::string& message,
             std::optional<int> retry_after_s = std::nullopt)
        : std::runtime_error(message), status_(status), retry_after_s_(retry_after_s) {}
    int status() const { return status_; }
    // A 429's or a 503's Retry-After, in seconds.
    std::optional<int> retry_after_s() const { return retry_after_s_; }

  private:
    int status_;
    std::optional<int> retry_after_s_;
};

}  // namespace menagerie::server
