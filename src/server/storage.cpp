#include "server/storage.h"

namespace menagerie::server {

std::unique_ptr<Storage> open_storage(const std::string& where) {
    if (where.starts_with("postgresql://") || where.starts_with("postgres://"))
        return open_postgres_storage(where);
    return open_sqlite_storage(where);
}

}  // namespace menagerie::server
