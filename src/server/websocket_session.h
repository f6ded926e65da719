// The WebSockets. A game's, on /api/games/ID/ws?token=T: the game's state as the seat of the
// token (or of the session's account) sees it, on connect and after every change; the client may
// send {"type":"move","move","ply"}. The lobby's, on /api/lobby/ws: its seeks and live games,
// then each change (lobby.h); the client may send {"type":"claim","seek","token"}.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "server/accounts.h"
#include "server/game_service.h"

namespace menagerie::server {

class Lobby;

// A message a client sent on the game's WebSocket: a move, played for the credential's seat (the
// new state then reaches every subscriber, the sender too). The error message to send back, as
// JSON text, when the message is refused.
std::optional<std::string> take_client_message(GameService& games, const std::string& game_id,
                                               const Credential& who, const std::string& text);

// Whether the session a socket was opened with still signs its account in (false once it was
// signed out, its password changed or its account closed). Empty for a socket without a session.
using SessionAlive = std::function<bool()>;

// A socket opened with a session asks again before each message it takes and every
// SESSION_RECHECK, and closes once the session has ended: a session ended elsewhere (a password
// changed, an account closed) acts through no socket it had opened.
constexpr std::chrono::seconds SESSION_RECHECK{30};

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> request,
                             GameService& games, std::string game_id, Credential who,
                             SessionAlive alive);

void start_lobby_socket(boost::beast::tcp_stream stream,
                        boost::beast::http::request<boost::beast::http::string_body> request,
                        Lobby& lobby, std::optional<SignedIn> who, SessionAlive alive);

}  // namespace menagerie::server
