// A small Beast HTTP and WebSocket client for the server tests, and a server run as a
// subprocess (for kill -9).
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace menagerie::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using nlohmann::json;

struct HttpResult {
    unsigned status = 0;
    std::string body;
    std::string content_type;
    json json_body() const { return json::parse(body, nullptr, false); }
};

inline HttpResult http_request(uint16_t port, http::verb method, const std::string& target,
                               const std::string& body = "",
                               const std::string& content_type = "application/json") {
    asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    if (method == http::verb::post) {
        req.set(http::field::content_type, content_type);
        req.body() = body;
        req.prepare_payload();
    }
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    http::read(stream, buffer, parser);
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    const auto& res = parser.get();
    return {res.result_int(), res.body(), std::string(res[http::field::content_type])};
}

inline HttpResult get(uint16_t port, const std::string& target) {
    return http_request(port, http::verb::get, target);
}
inline HttpResult post(uint16_t port, const std::string& target, const json& body) {
    return http_request(port, http::verb::post, target, body.dump());
}

// A WebSocket client; read() waits for the next message (failing after `timeout`). Every message
// read, whether a test awaited it or read_until() passed over it, is kept in frames().
class WsClient {
  public:
    WsClient(uint16_t port, const std::string& target) : ws_(io_) {
        beast::get_lowest_layer(ws_).connect(
            tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        ws_.handshake("127.0.0.1", target);
    }
    ~WsClient() {
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
    }
    json read(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        beast::flat_buffer buffer;
        bool done = false;
        beast::error_code error;
        ws_.async_read(buffer, [&](beast::error_code ec, size_t) {
            error = ec;
            done = true;
        });
        io_.restart();
        io_.run_for(timeout);
        if (!done) {
            beast::get_lowest_layer(ws_).socket().close(error);
            throw std::runtime_error("no WebSocket message in time");
        }
        if (error) throw std::runtime_error("WebSocket read failed: " + error.message());
        frames_.push_back(beast::buffers_to_string(buffer.data()));
        return json::parse(frames_.back());
    }
    const std::vector<std::string>& frames() const { return frames_; }
    // The code of the close frame the server sent (0 before one came).
    unsigned close_code() const { return ws_.reason().code; }
    // Reads until a message satisfies `done`, which it returns (the others are in frames()).
    json read_until(const std::function<bool(const json&)>& done) {
        for (int i = 0; i < 100; ++i) {
            json message = read();
            if (done(message)) return message;
        }
        throw std::runtime_error("the awaited WebSocket message never came");
    }
    void send(const json& message) { ws_.write(asio::buffer(message.dump())); }

  private:
    asio::io_context io_;
    websocket::stream<beast::tcp_stream> ws_;
    std::vector<std::string> frames_;
};

// `menagerie serve` as a child process; port() is read from its first line of output.
class ServerProcess {
  public:
    ServerProcess(const std::string& binary, const std::vector<std::string>& args) {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            close(out[1]);
            std::vector<char*> argv{const_cast<char*>(binary.c_str())};
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(binary.c_str(), argv.data());
            _exit(127);
        }
        close(out[1]);
        FILE* f = fdopen(out[0], "r");
        char line[256] = {};
        const bool got = fgets(line, sizeof line, f) != nullptr;
        fclose(f);
        if (!got) throw std::runtime_error("the server printed nothing");
        first_line_ = line;
        const size_t colon = first_line_.rfind(':');
        port_ = static_cast<uint16_t>(std::stoi(first_line_.substr(colon + 1)));
    }
    ~ServerProcess() { kill_hard(); }
    uint16_t port() const { return port_; }
    const std::string& first_line() const { return first_line_; }
    void kill_hard() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    int terminate() {
        ::kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return status;
    }

  private:
    pid_t pid_ = -1;
    uint16_t port_ = 0;
    std::string first_line_;
};

}  // namespace menagerie::test
