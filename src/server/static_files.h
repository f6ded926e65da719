// The built front end's files: a request path to a file under the static directory (never
// outside it), with its content type; paths without a file get index.html (client routes).
#pragma once

#include <optional>
#include <string>

namespace menagerie::server {

struct StaticFile {
    std::string content_type;
    std::string body;
};

std::optional<StaticFile> static_file(const std::string& root, const std::string& path);

}  // namespace menagerie::server
