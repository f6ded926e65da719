// A WebSocket on /api/games/ID/ws?token=T: the game's state as the token's seat sees it, on
// connect and after every change; the client may send {"type":"move","move","ply"}.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <optional>
#include <string>

#include "server/game_service.h"

namespace menagerie::server {

// A message a client sent on the game's WebSocket: a move, played for the token's seat (the new
// state then reaches every subscriber, the sender too). The error message to send back, as
// JSON text, when the message is refused.
std::optional<std::string> take_client_message(GameService& games, const std::string& game_id,
                                               const std::optional<std::string>& token,
                                               const std::string& text);

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> request,
                             GameService& games, std::string game_id,
                             std::optional<std::string> token);

}  // namespace menagerie::server
