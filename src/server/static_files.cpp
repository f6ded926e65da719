#include "server/static_files.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace menagerie::server {

namespace {

std::string content_type(const std::filesystem::path& file) {
    static const std::map<std::string, std::string> TYPES = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".txt", "text/plain; charset=utf-8"},
        {".map", "application/json"},
        {".webmanifest", "application/manifest+json"}};
    const auto it = TYPES.find(file.extension().string());
    return it == TYPES.end() ? "application/octet-stream" : it->second;
}

std::optional<StaticFile> read(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream body;
    body << in.rdbuf();
    return StaticFile{content_type(file), body.str()};
}

}  // namespace

std::optional<StaticFile> static_file(const std::string& root, const std::string& path) {
    if (root.empty() || path.empty() || path[0] != '/') return std::nullopt;
    const std::filesystem::path relative = std::filesystem::path(path.substr(1)).lexically_normal();
    for (const auto& part : relative)
        if (part == "..") return std::nullopt;
    const std::filesystem::path base(root);
    if (!relative.empty() && relative != ".")
        if (auto f = read(base / relative)) return f;
    // A client route (/game/ID) or the root: the single page.
    if (relative.has_extension() && relative.extension() != ".html") return std::nullopt;
    return read(base / "index.html");
}

}  // namespace menagerie::server
