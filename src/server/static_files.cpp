#include "server/static_files.h"

#include <algorithm>
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

// Whether `file` lies inside the directory `root`, both resolved (links followed, "." and ".."
// gone) as far as they exist.
bool inside(const std::filesystem::path& root, const std::filesystem::path& file) {
    std::error_code ec;
    const std::filesystem::path r = std::filesystem::weakly_canonical(root, ec);
    if (ec) return false;
    const std::filesystem::path f = std::filesystem::weakly_canonical(file, ec);
    if (ec) return false;
    return std::mismatch(r.begin(), r.end(), f.begin(), f.end()).first == r.end();
}

}  // namespace

std::optional<StaticFile> static_file(const std::string& root, const std::string& path) {
    if (root.empty() || path.empty() || path[0] != '/' || path.find('\0') != std::string::npos)
        return std::nullopt;
    // A name relative to the root, never climbing out of it: after its first slash a path may
    // still be rooted ("//etc/passwd", "/%2Fetc/passwd"), and joined to the root it would replace
    // it; ".." would climb; a link in the tree could point anywhere.
    const std::filesystem::path relative = std::filesystem::path(path.substr(1)).lexically_normal();
    if (relative.has_root_path()) return std::nullopt;
    for (const auto& part : relative)
        if (part == "..") return std::nullopt;
    const std::filesystem::path base(root);
    if (!relative.empty() && relative != ".") {
        const std::filesystem::path file = base / relative;
        if (!inside(base, file)) return std::nullopt;
        if (auto f = read(file)) return f;
    }
    // A client route (/game/ID) or the root: the single page.
    if (relative.has_extension() && relative.extension() != ".html") return std::nullopt;
    return read(base / "index.html");
}

}  // namespace menagerie::server
