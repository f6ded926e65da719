// Another engine spoken to over UCI, for differential tests: started from the first of the
// given paths that exists, fed positions, asked for `go perft` divides. The protocol is the
// program's own client (protocol/uci_client.h).
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "protocol/uci_client.h"

namespace menagerie::test {

class UciEngine {
  public:
    explicit UciEngine(const std::vector<std::string>& paths) {
        for (const std::string& p : paths)
            if (!client_ && access(p.c_str(), X_OK) == 0)
                client_ = std::make_unique<UciClient>(p, TIMEOUT);
    }
    bool available() const { return client_ != nullptr; }

    // Sets an option and waits until the engine has taken it.
    void set_option(const std::string& name, const std::string& value) {
        client_->set_option(name, value);
        client_->sync(TIMEOUT);
    }

    // The moves with their perft(depth - 1) counts, and the total.
    std::map<std::string, uint64_t> divide(const std::string& fen, int depth, uint64_t& total) {
        client_->position(fen, {});
        return client_->perft(depth, total, std::chrono::minutes(5));
    }

  private:
    static constexpr std::chrono::milliseconds TIMEOUT{30000};
    std::unique_ptr<UciClient> client_;
};

}  // namespace menagerie::test
