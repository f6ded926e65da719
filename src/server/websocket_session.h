// The WebSockets. A game's, on /api/games/ID/ws?token=T: the game's state as the seat of the
// token (or of the session's account) sees it, on connect and after every change; the client may
// send {"type":"move","move","ply"}. The lobby's, on /api/lobby/ws: its seeks and live games,
// then each change (lobby.h); the client may send {"type":"claim","seek","token"}.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
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

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> request,
                             GameService& games, std::string game_id, Credential who);

void start_lobby_socket(boost::beast::tcp_stream stream,
                        boost::beast::http::request<boost::beast::http::string_body> request,
                        Lobby& lobby, std::optional<SignedIn> who);

}  // namespace menagerie::server
