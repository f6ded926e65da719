#include "server/websocket_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <iostream>
#include <memory>

#include "core/error.h"
#include "server/api_error.h"
#include "server/json_fields.h"
#include "server/lobby.h"

namespace menagerie::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;

namespace {

constexpr size_t MAX_MESSAGE = 64 * 1024;
constexpr size_t MAX_QUEUE = 256;  // a client this far behind is dropped

std::string socket_error(const std::string& error) {
    return json{{"type", "error"}, {"error", error}}.dump();
}

// A server's WebSocket: what it pushes waits in a queue (a client too far behind is dropped),
// and the client's messages are read one at a time.
class PushSocket : public std::enable_shared_from_this<PushSocket> {
  public:
    PushSocket(beast::tcp_stream stream, SessionAlive alive)
        : ws_(std::move(stream)), alive_(std::move(alive)), recheck_(ws_.get_executor()) {}
    virtual ~PushSocket() = default;
    PushSocket(const PushSocket&) = delete;
    PushSocket& operator=(const PushSocket&) = delete;

    void run(beast::http::request<beast::http::string_body> request) {
        beast::get_lowest_layer(ws_).expires_never();
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(MAX_MESSAGE);
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            self->on_open();
            self->arm_recheck();
        });
    }

  protected:
    // After the handshake: subscribe, then read() (or send an error and close()).
    virtual void on_open() = 0;
    virtual void on_message(const std::string& text) = 0;

    // What a subscription pushes: posted onto this socket's strand; false once it is gone.
    Send sender() {
        std::weak_ptr<PushSocket> weak = shared_from_this();
        auto executor = ws_.get_executor();
        return [weak, executor](Message message) {
            if (weak.expired()) return false;
            boost::asio::post(executor, [weak, message = std::move(message)]() mutable {
                if (auto self = weak.lock()) self->send(std::move(message));
            });
            return true;
        };
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
            if (ec) {  // closed, or a frame the protocol refuses: the session ends
                self->recheck_.cancel();
                return;
            }
            if (self->session_ended()) return;
            self->on_message(beast::buffers_to_string(self->buffer_.data()));
            self->buffer_.consume(self->buffer_.size());
            self->read();
        });
    }

    void send(std::string text) { send(message(std::move(text))); }
    void send(Message message) {
        if (queue_.size() >= MAX_QUEUE) {
            beast::get_lowest_layer(ws_).close();
            return;
        }
        queue_.push_back(std::move(message));
        if (queue_.size() == 1) write();
    }

    // Sends `error` ({"type":"error",...}) and closes once it is written.
    void close_with(std::string error) {
        send(std::move(error));
        closing_ = true;
    }

  private:
    // True (and the socket closing) once the session it was opened with has ended.
    bool session_ended() {
        if (!alive_ || closing_ || alive_()) return closing_;
        close_with(socket_error("your session has ended: sign in again"));
        return true;
    }

    void arm_recheck() {
        if (!alive_) return;
        recheck_.expires_after(SESSION_RECHECK);
        recheck_.async_wait(
            [weak = std::weak_ptr<PushSocket>(shared_from_this())](beast::error_code ec) {
                const std::shared_ptr<PushSocket> self = weak.lock();
                if (ec || !self || self->session_ended()) return;
                self->arm_recheck();
            });
    }

    void write() {
        ws_.text(true);
        ws_.async_write(boost::asio::buffer(*queue_.front()),
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
    SessionAlive alive_;
    boost::asio::steady_timer recheck_;
    beast::flat_buffer buffer_;
    std::deque<Message> queue_;  // shared with the other sockets they go to
    bool closing_ = false;
};

class WebSocketSession final : public PushSocket {
  public:
    WebSocketSession(beast::tcp_stream stream, GameService& games, std::string id, Credential who,
                     SessionAlive alive)
        : PushSocket(std::move(stream), std::move(alive)),
          games_(games),
          id_(std::move(id)),
          who_(std::move(who)) {}
    // A game with no subscriber left may be evicted from memory.
    ~WebSocketSession() override { GameService::unsubscribe(subscription_); }

  private:
    void on_open() override {
        try {
            subscription_ = games_.subscribe(id_, who_, sender());
        } catch (const ApiError& e) {
            return close_with(socket_error(e.what()));
        }
        read();
    }

    void on_message(const std::string& text) override {
        if (std::optional<std::string> error = take_client_message(games_, id_, who_, text))
            send(std::move(*error));
    }

    GameService& games_;
    std::string id_;
    Credential who_;
    GameService::Subscription subscription_;
};

class LobbySocket final : public PushSocket {
  public:
    LobbySocket(beast::tcp_stream stream, Lobby& lobby, std::optional<SignedIn> who,
                SessionAlive alive)
        : PushSocket(std::move(stream), std::move(alive)), lobby_(lobby), who_(std::move(who)) {}
    ~LobbySocket() override { Lobby::unwatch(watch_); }

  private:
    void on_open() override {
        try {
            watch_ = lobby_.watch(who_, sender());
        } catch (const std::exception& e) {  // the store: its words are for the log
            std::cerr << "lobby socket: " << e.what() << "\n";
            return close_with(socket_error("the lobby is unavailable, try again shortly"));
        }
        read();
    }

    void on_message(const std::string& text) override {
        if (std::optional<std::string> error = lobby_.take_message(watch_, text))
            send(std::move(*error));
    }

    Lobby& lobby_;
    std::optional<SignedIn> who_;
    LobbyWatch watch_;
};

}  // namespace

std::optional<std::string> take_client_message(GameService& games, const std::string& game_id,
                                               const Credential& who, const std::string& text) {
    try {
        const std::optional<json> parsed = parse_client_json(text);
        if (!parsed || !parsed->is_object()) throw ApiError(400, "a message must be a JSON object");
        const json& message = *parsed;
        const auto type = message.find("type");
        if (type == message.end() || *type != "move")
            throw ApiError(400, "the only message a client sends is {\"type\":\"move\",...}");
        only_fields(message, {"type", "move", "ply"}, "a move message");
        games.move(game_id, who, message.value("move", json()), message.value("ply", json()));
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
                             GameService& games, std::string game_id, Credential who,
                             SessionAlive alive) {
    std::make_shared<WebSocketSession>(std::move(stream), games, std::move(game_id), std::move(who),
                                       std::move(alive))
        ->run(std::move(request));
}

void start_lobby_socket(beast::tcp_stream stream,
                        beast::http::request<beast::http::string_body> request, Lobby& lobby,
                        std::optional<SignedIn> who, SessionAlive alive) {
    std::make_shared<LobbySocket>(std::move(stream), lobby, std::move(who), std::move(alive))
        ->run(std::move(request));
}

}  // namespace menagerie::server
