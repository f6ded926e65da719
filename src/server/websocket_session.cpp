#include "server/websocket_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <iostream>
#include <memory>

#include "core/error.h"
#include "server/api_error.h"
#include "server/json_fields.h"

namespace menagerie::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;

namespace {

constexpr size_t MAX_MESSAGE = 64 * 1024;
constexpr size_t MAX_QUEUE = 256;  // a client this far behind is dropped

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
  public:
    WebSocketSession(beast::tcp_stream stream, GameService& games, std::string id,
                     std::optional<std::string> token)
        : ws_(std::move(stream)), games_(games), id_(std::move(id)), token_(std::move(token)) {}
    // A game with no subscriber left may be evicted from memory.
    ~WebSocketSession() { GameService::unsubscribe(subscription_); }
    WebSocketSession(const WebSocketSession&) = delete;
    WebSocketSession& operator=(const WebSocketSession&) = delete;

    void run(beast::http::request<beast::http::string_body> request) {
        beast::get_lowest_layer(ws_).expires_never();
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(MAX_MESSAGE);
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->on_accept();
        });
    }

  private:
    void on_accept() {
        try {
            std::weak_ptr<WebSocketSession> weak = shared_from_this();
            auto executor = ws_.get_executor();
            subscription_ = games_.subscribe(id_, token_, [weak, executor](std::string message) {
                if (weak.expired()) return false;
                boost::asio::post(executor, [weak, message = std::move(message)]() mutable {
                    if (auto self = weak.lock()) self->send(std::move(message));
                });
                return true;
            });
        } catch (const ApiError& e) {
            send(json{{"type", "error"}, {"error", e.what()}}.dump());
            closing_ = true;
            return;
        }
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
            if (ec) return;  // closed, or a frame the protocol refuses: the session ends
            self->on_message(beast::buffers_to_string(self->buffer_.data()));
            self->buffer_.consume(self->buffer_.size());
            self->read();
        });
    }

    void on_message(const std::string& text) {
        if (std::optional<std::string> error = take_client_message(games_, id_, token_, text))
            send(std::move(*error));
    }

    void send(std::string message) {
        if (queue_.size() >= MAX_QUEUE) {
            beast::get_lowest_layer(ws_).close();
            return;
        }
        queue_.push_back(std::move(message));
        if (queue_.size() == 1) write();
    }

    void write() {
        ws_.text(true);
        ws_.async_write(boost::asio::buffer(queue_.front()),
                        [self = shared_from_this()](beast::error_code ec, size_t) {
                            if (ec) return;
                            self->queue_.pop_front();
                            if (!self->queue_.empty()) {
                                self->write();
                            } else if (self->closing_) {
                                self->ws_.async_close(websocket::close_code::policy_error,
                                                      [self](beast::error_code) {});
                            }
                        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    GameService& games_;
    std::string id_;
    std::optional<std::string> token_;
    GameService::Subscription subscription_;
    bool closing_ = false;
};

}  // namespace

std::optional<std::string> take_client_message(GameService& games, const std::string& game_id,
                                               const std::optional<std::string>& token,
                                               const std::string& text) {
    try {
        const std::optional<json> parsed = parse_client_json(text);
        if (!parsed || !parsed->is_object()) throw ApiError(400, "a message must be a JSON object");
        const json& message = *parsed;
        const auto type = message.find("type");
        if (type == message.end() || *type != "move")
            throw ApiError(400, "the only message a client sends is {\"type\":\"move\",...}");
        only_fields(message, {"type", "move", "ply"}, "a move message");
        games.move(game_id, token, message.value("move", json()), message.value("ply", json()));
        return std::nullopt;
    } catch (const ApiError& e) {
        return json{{"type", "error"}, {"error", e.what()}}.dump();
    } catch (const Error& e) {
        return json{{"type", "error"}, {"error", e.what()}}.dump();
    } catch (const std::exception& e) {  // a bug: said to the client, never ending the server
        std::cerr << "internal error: " << e.what() << "\n";
        return json{{"type", "error"}, {"error", std::string("internal error: ") + e.what()}}
            .dump();
    }
}

void start_websocket_session(beast::tcp_stream stream,
                             beast::http::request<beast::http::string_body> request,
                             GameService& games, std::string game_id,
                             std::optional<std::string> token) {
    std::make_shared<WebSocketSession>(std::move(stream), games, std::move(game_id),
                                       std::move(token))
        ->run(std::move(request));
}

}  // namespace menagerie::server
