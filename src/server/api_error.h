// An error a request caused: the HTTP status to answer with and one clear sentence for
// {"error": ...}. Whatever throws it has changed nothing.
#pragma once

#include <stdexcept>
#include <string>

namespace menagerie::server {

class ApiError : public std::runtime_error {
  public:
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

  private:
    int status_;
};

}  // namespace menagerie::server
