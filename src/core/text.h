// Text compared as people write it: in any case (ASCII), without the spaces around it.
#pragma once

#include <cctype>
#include <string>

namespace menagerie {

inline std::string lower_case(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// Without the spaces and tabs at either end.
inline std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace menagerie
