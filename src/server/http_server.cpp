#include "server/http_server.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "server/api_error.h"
#include "server/api_router.h"
#include "server/atlas.h"
#include "server/community.h"
#include "server/game_service.h"
#include "server/static_files.h"
#include "server/storage.h"
#include "server/websocket_session.h"

namespace menagerie::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

constexpr size_t MAX_BODY = 1024 * 1024;
constexpr size_t MAX_HEADER = 16 * 1024;
// What the built front end needs and no more: its own scripts, styles and WebSocket, the empty
// data: icon of index.html, and no framing by other sites.
constexpr const char* CONTENT_SECURITY_POLICY =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";

http::response<http::string_body> make_response(unsigned status, const std::string& type,
                                                std::string body, unsigned version,
                                                bool keep_alive) {
    http::response<http::string_body> res{static_cast<http::status>(status), version};
    res.set(http::field::server, "menagerie");
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-store");
    // A browser must take each answer for the type it is sent as, run only the app's own scripts
    // and styles, and never pass a seat's token (in the page's address) on as a referrer.
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    res.set("Referrer-Policy", "no-referrer");
    res.keep_alive(keep_alive);
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

// A Server-Timing header value (W3C Server Timing): the milliseconds from the parsed request to
// its answer.
std::string server_timing(std::chrono::steady_clock::time_point started) {
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    char text[48];
    std::snprintf(text, sizeof text, "app;dur=%.3f", ms);
    return text;
}

std::string error_body(const std::string& message) {
    return nlohmann::json{{"error", message}}.dump();
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket socket, ApiRouter& router, GameService& games,
                const std::string& static_dir)
        : stream_(std::move(socket)), router_(router), games_(games), static_dir_(static_dir) {}

    void run() {
        asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }

  private:
    void read() {
        parser_.emplace();
        parser_->body_limit(MAX_BODY);
        parser_->header_limit(MAX_HEADER);
        stream_.expires_after(std::chrono::seconds(60));
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
            ec == asio::error::operation_aborted || ec == asio::error::connection_reset ||
            ec == asio::error::eof)
            return close();
        if (ec == http::error::body_limit)
            return send(make_response(413, "application/json",
                                      error_body("the request body is larger than 1 MiB"), 11,
                                      false));
        if (ec == http::error::header_limit)
            return send(make_response(431, "application/json",
                                      error_body("the request headers are too large"), 11, false));
        if (ec)
            return send(make_response(400, "application/json",
                                      error_body("malformed HTTP request: " + ec.message()), 11,
                                      false));
        http::request<http::string_body> req = parser_->release();
        std::string path;
        std::map<std::string, std::string> query;
        if (!split_target(std::string(req.target()), path, query))
            return send(
                make_response(400, "application/json",
                              error_body("the request target is not a well-formed URL (a bad "
                                         "%-escape or a NUL byte)"),
                              req.version(), false));

        if (beast::websocket::is_upgrade(req)) return upgrade(std::move(req), path, query);

        const unsigned version = req.version();
        const bool keep_alive = req.keep_alive();
        if (path.starts_with("/api/") || path == "/api") {
            beast::error_code ignored;
            ApiRequest api{std::string(req.method_string()),
                           path,
                           std::move(query),
                           std::move(req.body()),
                           stream_.socket().remote_endpoint(ignored).address().to_string(),
                           std::string(req[http::field::cookie]),
                           std::string(req[http::field::origin]),
                           std::string(req[http::field::host]),
                           std::string(req[http::field::content_type]),
                           beast::iequals(req["X-Forwarded-Proto"], "https")};
            const auto started = std::chrono::steady_clock::now();
            router_.handle(
                api, [self = shared_from_this(), version, keep_alive, started](ApiResponse r) {
                    // An analysis answers from an engine thread: back onto this connection's
                    // strand.
                    asio::post(self->stream_.get_executor(), [self, version, keep_alive, started,
                                                              r = std::move(r)]() mutable {
                        auto res = make_response(r.status, r.content_type, std::move(r.body),
                                                 version, keep_alive);
                        // The server's own share of the round trip, for clients and
                        // the load benchmark (docs/server.md, "Load").
                        res.set("Server-Timing", server_timing(started));
                        if (r.retry_after_s)
                            res.set(http::field::retry_after, std::to_string(*r.retry_after_s));
                        for (const std::string& cookie : r.cookies)
                            res.insert(http::field::set_cookie, cookie);
                        self->send(std::move(res));
                    });
                });
            return;
        }
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return send(make_response(405, "application/json",
                                      error_body("only GET is allowed outside /api/"), version,
                                      keep_alive));
        if (auto file = static_file(static_dir_, path)) {
            auto res =
                make_response(200, file->content_type, std::move(file->body), version, keep_alive);
            res.set(http::field::cache_control, "no-cache");
            return send(std::move(res));
        }
        send(make_response(
            404, "text/plain; charset=utf-8",
            "Not found. (Has the front end been built? Static files are served from " +
                static_dir_ + ")\n",
            version, keep_alive));
    }

    // A WebSocket: a game's (its seat by the token, or by the session's account) or the
    // lobby's. One that carries a session must come from this site, as a change over HTTP must:
    // another site's page could otherwise play with the visitor's session.
    void upgrade(http::request<http::string_body> req, const std::string& path,
                 const std::map<std::string, std::string>& query) {
        const std::string prefix = "/api/games/";
        const bool game =
            path.starts_with(prefix) && path.ends_with("/ws") && path.size() > prefix.size() + 3;
        const bool lobby = path == "/api/lobby/ws" && router_.community();
        if (!game && !lobby)
            return send(make_response(404, "application/json",
                                      error_body("no WebSocket at " + path), req.version(), false));
        std::optional<SignedIn> who;
        SessionAlive alive;
        try {
            const std::string cookie(req[http::field::cookie]);
            if (session_cookie(cookie)) {
                refuse_cross_site(std::string(req[http::field::origin]),
                                  std::string(req[http::field::host]), "application/json");
                who = router_.signed_in(cookie);
            }
            if (who)
                alive = [&router = router_, cookie, key = who->key] {
                    try {
                        const std::optional<SignedIn> still = router.signed_in(cookie);
                        return still && still->key == key;
                    } catch (const ApiError&) {  // the store is away: no reason to close
                        return true;
                    }
                };
        } catch (const ApiError& e) {
            return send(make_response(static_cast<unsigned>(e.status()), "application/json",
                                      error_body(e.what()), req.version(), false));
        }
        if (lobby)
            return start_lobby_socket(std::move(stream_), std::move(req),
                                      router_.community()->lobby(), std::move(who),
                                      std::move(alive));
        const std::string id = path.substr(prefix.size(), path.size() - prefix.size() - 3);
        const auto token = query.find("token");
        start_websocket_session(
            std::move(stream_), std::move(req), games_, id,
            Credential::of(
                token == query.end() ? std::nullopt : std::optional<std::string>(token->second),
                who ? std::optional<std::string>(who->key) : std::nullopt),
            std::move(alive));
    }

    void send(http::response<http::string_body> res) {
        auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
        http::async_write(stream_, *shared,
                          [self = shared_from_this(), shared](beast::error_code ec, size_t) {
                              if (ec || !shared->keep_alive()) return self->close();
                              self->read();
                          });
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    ApiRouter& router_;
    GameService& games_;
    const std::string& static_dir_;
};

}  // namespace

struct Server::Impl {
    ServerOptions options;
    asio::io_context io;
    tcp::acceptor acceptor{asio::make_strand(io)};
    std::unique_ptr<Storage> storage;
    std::unique_ptr<GameService> games;
    std::unique_ptr<Community> community;
    std::unique_ptr<ApiRouter> router;
    std::optional<asio::signal_set> signals;
    std::vector<std::thread> threads;
    std::mutex mutex;
    std::condition_variable stopped_cv;
    bool stopped = false;

    void accept() {
        acceptor.async_accept(asio::make_strand(io), [this](beast::error_code ec, tcp::socket s) {
            if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
            if (!ec)
                std::make_shared<HttpSession>(std::move(s), *router, *games, options.static_dir)
                    ->run();
            accept();
        });
    }
};

Server::Server(const ServerOptions& options) : impl_(std::make_unique<Impl>()) {
    impl_->options = options;
    impl_->storage = open_storage(options.db, options.sync);
    impl_->games = std::make_unique<GameService>(
        *impl_->storage, impl_->io.get_executor(), options.engine_threads,
        std::chrono::milliseconds(static_cast<int64_t>(options.idle_minutes * 60'000)),
        std::chrono::seconds(10), options.analysis_threads,
        std::chrono::milliseconds(static_cast<int64_t>(options.unplayed_hours * 3'600'000)));
    if (options.test_seed) impl_->games->fix_refereed_seeds(*options.test_seed);
    if (!options.atlas_dir.empty()) impl_->games->use_atlas(Atlas::from_folder(options.atlas_dir));
    impl_->community =
        std::make_unique<Community>(*impl_->storage, *impl_->games, impl_->io.get_executor(),
                                    options.logins_per_minute, options.seeks_per_address);
    impl_->router = std::make_unique<ApiRouter>(*impl_->games, options.games_per_minute,
                                                impl_->community.get());
    beast::error_code ec;
    tcp::endpoint endpoint;
    if (const auto address = asio::ip::make_address(options.host, ec); !ec) {
        endpoint = tcp::endpoint(address, options.port);
    } else {  // a host name (localhost): its first address
        tcp::resolver resolver(impl_->io);
        const auto found = resolver.resolve(options.host, std::to_string(options.port), ec);
        if (ec || found.empty())
            throw std::runtime_error("--host: cannot resolve '" + options.host + "'");
        endpoint = found.begin()->endpoint();
    }
    auto& a = impl_->acceptor;
    a.open(endpoint.protocol(), ec);
    if (!ec) a.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) a.bind(endpoint, ec);
    if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        throw std::runtime_error("cannot listen on " + options.host + ":" +
                                 std::to_string(options.port) + ": " + ec.message());
}

Server::~Server() {
    stop();
    wait();
}

uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }

std::string Server::url() const {
    const std::string host = impl_->options.host.find(':') != std::string::npos
                                 ? "[" + impl_->options.host + "]"
                                 : impl_->options.host;
    return "http://" + host + ":" + std::to_string(port()) + "/";
}

void Server::stop_on_signals() {
    impl_->signals.emplace(impl_->io, SIGINT, SIGTERM);
    impl_->signals->async_wait([this](beast::error_code ec, int) {
        if (!ec) stop();
    });
}

void Server::start() {
    impl_->accept();
    for (int i = 0; i < std::max(impl_->options.io_threads, 1); ++i)
        impl_->threads.emplace_back([this] { impl_->io.run(); });
}

void Server::wait() {
    std::unique_lock lock(impl_->mutex);
    impl_->stopped_cv.wait(lock, [this] { return impl_->stopped; });
    lock.unlock();
    for (std::thread& t : impl_->threads)
        if (t.joinable()) t.join();
    impl_->threads.clear();
}

void Server::stop() {
    {
        std::lock_guard lock(impl_->mutex);
        if (impl_->stopped) return;
        impl_->stopped = true;
    }
    asio::post(impl_->acceptor.get_executor(), [this] {
        beast::error_code ignored;
        impl_->acceptor.close(ignored);
    });
    impl_->games->stop();
    impl_->io.stop();
    impl_->stopped_cv.notify_all();
}

}  // namespace menagerie::server
