#include "core/error.h"

namespace menagerie {

std::string quoted(std::string_view text, size_t max_length) {
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out = "'";
    const bool cut = text.size() > max_length;
    for (char c : cut ? text.substr(0, max_length) : text) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\'':
                out += "\\'";
                break;
            default:
                if (u < 0x20 || u >= 0x7F) {
                    out += "\\x";
                    out += HEX[u >> 4];
                    out += HEX[u & 15];
                } else {
                    out += c;
                }
        }
    }
    return out + (cut ? "...'" : "'");
}

std::string requote(std::string message, const std::string& raw) {
    const std::string plain = "'" + raw + "'", safe = quoted(raw);
    if (plain == safe) return message;
    for (size_t at = 0; (at = message.find(plain, at)) != std::string::npos; at += safe.size())
        message.replace(at, plain.size(), safe);
    return message;
}

}  // namespace menagerie
