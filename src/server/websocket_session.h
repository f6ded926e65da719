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

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> request,
                             GameService& games, std::string game_id,
                             std::optional<std::string> token);

}  // namespace menagerie::server
