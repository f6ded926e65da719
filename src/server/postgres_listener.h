// Tells this server what any server sharing its PostgreSQL database stores: a connection of its
// own LISTENs on one channel that PostgresStorage NOTIFYs (the games' saves, payload "ID
// REVISION"; the records' writes, payload "KIND KEY"), on a thread of its own. Internal to
// postgres_storage.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/storage.h"

namespace menagerie::server {

extern const char* const GAMES_CHANNEL;
extern const char* const RECORDS_CHANNEL;

// A libpq message (PQerrorMessage) without the line end it comes with.
std::string postgres_message(const char* text);

class PostgresListener {
  public:
    // Connects and listens on `channel`, telling `on_notice` each notice's payload; throws
    // std::runtime_error naming what failed. `on_missed` is called each time the connection is
    // back after it was lost.
    using NoticeListener = std::function<void(const std::string& payload)>;
    PostgresListener(const std::string& url, std::string channel, NoticeListener on_notice,
                     Storage::MissedListener on_missed);
    ~PostgresListener();  // stops the thread; no call runs after it returns
    PostgresListener(const PostgresListener&) = delete;
    PostgresListener& operator=(const PostgresListener&) = delete;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace menagerie::server
