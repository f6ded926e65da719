// A small HTTP and WebSocket client for the server tests, and a server run as a subprocess (for
// kill -9). Beast stays in server_client.cpp: the test files that use these compile without it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace menagerie::test {

using nlohmann::json;

struct HttpResult {
    unsigned status = 0;
    std::string body;
    std::string content_type;
    std::string server_timing;                   // the Server-Timing header
    std::map<std::string, std::string> headers;  // every header, its name in lower case
    json json_body() const { return json::parse(body, nullptr, false); }
    std::string header(const std::string& lower_case_name) const {
        const auto it = headers.find(lower_case_name);
        return it == headers.end() ? "" : it->second;
    }
};

// One request on a fresh connection; `method` is the HTTP method's name ("GET", "POST", ...).
// A POST, PUT or DELETE sends `content_type` (none when empty); `headers` are sent as they are.
HttpResult http_request(uint16_t port, const std::string& method, const std::string& target,
                        const std::string& body = "",
                        const std::string& content_type = "application/json",
                        const std::map<std::string, std::string>& headers = {});

inline HttpResult get(uint16_t port, const std::string& target) {
    return http_request(port, "GET", target);
}
inline HttpResult post(uint16_t port, const std::string& target, const json& body) {
    return http_request(port, "POST", target, body.dump());
}

// Writes `bytes` as they are on a fresh connection and returns the start of the reply (up to
// `limit` bytes of the first read): for requests no well-behaved client would send.
std::string raw_exchange(uint16_t port, const std::string& bytes, size_t limit = 4096);

// A WebSocket client; read() waits for the next message (failing after `timeout`). Every message
// read, whether a test awaited it or read_until() passed over it, is kept in frames().
class WsClient {
  public:
    // `headers` go with the handshake (a Cookie, an Origin).
    WsClient(uint16_t port, const std::string& target,
             const std::map<std::string, std::string>& headers = {});
    ~WsClient();
    json read(std::chrono::milliseconds timeout = std::chrono::seconds(20));
    const std::vector<std::string>& frames() const { return frames_; }
    // The code of the close frame the server sent (0 before one came).
    unsigned close_code() const;
    // Reads until a message satisfies `done`, which it returns (the others are in frames()).
    json read_until(const std::function<bool(const json&)>& done);
    void send(const json& message);
    void send_text(const std::string& text);  // as it is, for texts json cannot make

  private:
    struct Connection;
    std::unique_ptr<Connection> connection_;
    std::vector<std::string> frames_;
};

// `menagerie serve` as a child process; port() is read from its first line of output.
class ServerProcess {
  public:
    // Its standard error goes to `log` when given (else to the test's).
    ServerProcess(const std::string& binary, const std::vector<std::string>& args,
                  const std::string& log = "");
    ~ServerProcess() { kill_hard(); }
    uint16_t port() const { return port_; }
    const std::string& first_line() const { return first_line_; }
    void kill_hard();
    int terminate();

  private:
    pid_t pid_ = -1;
    uint16_t port_ = 0;
    std::string first_line_;
};

}  // namespace menagerie::test
