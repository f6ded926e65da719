#include "server_client.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace menagerie::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {
tcp::endpoint loopback(uint16_t port) { return {asio::ip::make_address("127.0.0.1"), port}; }
}  // namespace

HttpResult http_request(uint16_t port, const std::string& method, const std::string& target,
                        const std::string& body, const std::string& content_type,
                        const std::map<std::string, std::string>& headers) {
    asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(loopback(port));
    const http::verb verb = http::string_to_verb(method);
    if (verb == http::verb::unknown) throw std::invalid_argument("no HTTP method " + method);
    http::request<http::string_body> req{verb, target, 11};
    // As a browser says it: the host with the port.
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    if (verb == http::verb::post || verb == http::verb::put || verb == http::verb::delete_) {
        if (!content_type.empty()) req.set(http::field::content_type, content_type);
        req.body() = body;
        req.prepare_payload();
    }
    for (const auto& [name, value] : headers) req.set(name, value);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    http::read(stream, buffer, parser);
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    const auto& res = parser.get();
    HttpResult result{res.result_int(),
                      res.body(),
                      std::string(res[http::field::content_type]),
                      std::string(res["Server-Timing"]),
                      {}};
    for (const auto& field : res) {
        std::string name(field.name_string());
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        result.headers[name] = std::string(field.value());
    }
    return result;
}

std::string raw_exchange(uint16_t port, const std::string& bytes, size_t limit) {
    asio::io_context io;
    tcp::socket s(io);
    s.connect(loopback(port));
    beast::error_code ec;
    asio::write(s, asio::buffer(bytes), ec);
    std::string reply(limit, '\0');
    reply.resize(s.read_some(asio::buffer(reply), ec));
    return reply;
}

struct WsClient::Connection {
    asio::io_context io;
    websocket::stream<beast::tcp_stream> ws{io};
};

WsClient::WsClient(uint16_t port, const std::string& target,
                   const std::map<std::string, std::string>& headers)
    : connection_(std::make_unique<Connection>()) {
    beast::get_lowest_layer(connection_->ws).connect(loopback(port));
    connection_->ws.set_option(
        websocket::stream_base::decorator([headers](websocket::request_type& req) {
            for (const auto& [name, value] : headers) req.set(name, value);
        }));
    connection_->ws.handshake("127.0.0.1:" + std::to_string(port), target);
}

WsClient::~WsClient() {
    beast::error_code ignored;
    beast::get_lowest_layer(connection_->ws).socket().close(ignored);
}

json WsClient::read(std::chrono::milliseconds timeout) {
    beast::flat_buffer buffer;
    bool done = false;
    beast::error_code error;
    connection_->ws.async_read(buffer, [&](beast::error_code ec, size_t) {
        error = ec;
        done = true;
    });
    connection_->io.restart();
    connection_->io.run_for(timeout);
    if (!done) {
        beast::get_lowest_layer(connection_->ws).socket().close(error);
        throw std::runtime_error("no WebSocket message in time");
    }
    if (error) throw std::runtime_error("WebSocket read failed: " + error.message());
    frames_.push_back(beast::buffers_to_string(buffer.data()));
    return json::parse(frames_.back());
}

unsigned WsClient::close_code() const { return connection_->ws.reason().code; }

json WsClient::read_until(const std::function<bool(const json&)>& done) {
    for (int i = 0; i < 100; ++i) {
        json message = read();
        if (done(message)) return message;
    }
    throw std::runtime_error("the awaited WebSocket message never came");
}

void WsClient::send(const json& message) { send_text(message.dump()); }

void WsClient::send_text(const std::string& text) { connection_->ws.write(asio::buffer(text)); }

ServerProcess::ServerProcess(const std::string& binary, const std::vector<std::string>& args,
                             const std::string& log) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
        dup2(out[1], 1);
        if (!log.empty()) {
            const int err = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (err >= 0) dup2(err, 2);
        }
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

void ServerProcess::kill_hard() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
}

int ServerProcess::terminate() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
}

}  // namespace menagerie::test
