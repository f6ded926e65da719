// Tells this server when any server sharing its PostgreSQL database stores a game: a connection
// of its own LISTENs on the channel that PostgresStorage::save() NOTIFYs (payload "ID REVISION"),
// on a thread of its own. Internal to postgres_storage.cpp.
#pragma once

#include <memory>
#include <string>

#include "server/storage.h"

namespace menagerie::server {

extern const char* const GAMES_CHANNEL;

// A libpq message (PQerrorMessage) without the line end it comes with.
std::string postgres_message(const char* text);

class PostgresListener {
  public:
    // Connects and listens; throws std::runtime_error naming what failed. `on_missed` is called
    // each time the connection is back after it was lost.
    PostgresListener(const std::string& url, Storage::ChangeListener on_change,
                     Storage::MissedListener on_missed);
    ~PostgresListener();  // stops the thread; no call runs after it returns
    PostgresListener(const PostgresListener&) = delete;
    PostgresListener& operator=(const PostgresListener&) = delete;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace menagerie::server
