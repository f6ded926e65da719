#include "app/command_line.h"

#include <CLI/CLI.hpp>
#include <cctype>
#include <charconv>

#include "core/error.h"

namespace menagerie {

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv,
                                      const std::string& field, const std::string& prefix) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // CLI11 echoes arguments as they are: quote any that would print control codes.
        std::string what = e.what();
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i], safe = menagerie::quoted(arg);
            if (safe == "'" + arg + "'") continue;
            for (size_t at = 0; (at = what.find(arg, at)) != std::string::npos; at += safe.size())
                what.replace(at, arg.size(), safe);
        }
        if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
        throw Error(ErrorKind::Usage, field, prefix + what);
    }
    return std::nullopt;
}

uint64_t parse_whole(const std::string& flag, const std::string& text, uint64_t min, uint64_t max) {
    uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    const bool digits = !text.empty() && std::isdigit(static_cast<unsigned char>(text[0]));
    if (!digits || ec != std::errc() || ptr != end || value < min || value > max)
        throw Error(ErrorKind::Usage, flag,
                    flag + ": " + menagerie::quoted(text) + " is not a whole number from " +
                        std::to_string(min) + " to " + std::to_string(max));
    return value;
}

uint64_t parse_number(const std::string& flag, const std::string& text, uint64_t max) {
    return parse_whole(flag, text, 0, max);
}

std::string one_line(const std::string& message) {
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out;
    for (const char c : message) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) {
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += "\\x";
            out += HEX[u >> 4];
            out += HEX[u & 15];
        }
    }
    return out;
}

}  // namespace menagerie
