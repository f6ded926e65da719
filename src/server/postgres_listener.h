// Tells this server when any server sharing its PostgreSQL database stores a game: a connection
// of its own LISTENs on the channel that PostgresStorage::save() NOTIFYs (payload "ID REVISION"),
// on a thread of its own. Internal to postgres_storage.cpp.
#pragma once

#include <memory>
#include <string>

#include "server/storage.h"

namespace menagerie::server {

extern const char* const GAMES_CHANNEL;

class PostgresListener {
  public:
    // Connects and listens; throws std::runtime_error naming what failed.
    PostgresListener(const std::string& url, Storage::ChangeListener on_change);
    ~PostgresListener();  // stops the thread; no call runs after it returns
    PostgresListener(const PostgresListener&) = delete;
    PostgresListener& operator=(const PostgresListener&) = delete;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace menagerie::server
