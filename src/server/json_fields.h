// Reading a request's JSON fields with one clear sentence for each thing that can be wrong.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "server/api_error.h"

namespace menagerie::server {

inline const nlohmann::json& json_object(const nlohmann::json& j, const std::string& what) {
    if (!j.is_object()) throw ApiError(400, what + " must be a JSON object");
    return j;
}

// Parses a client's JSON text: nullopt if it is not JSON. An object that names a key twice is
// refused (ApiError 400 naming the key): parsers disagree on which of the two counts (nlohmann
// keeps the last), so `{"token":"bad","token":"<real>"}` could pass one check and act on the other.
inline std::optional<nlohmann::json> parse_client_json(const std::string& text) {
    using Event = nlohmann::json::parse_event_t;
    std::vector<std::set<std::string>> keys;  // of each object open at this point
    std::optional<std::string> duplicate;
    auto note = [&](int, Event event, nlohmann::json& parsed) {
        if (event == Event::object_start) {
            keys.emplace_back();
        } else if (event == Event::object_end) {
            keys.pop_back();
        } else if (event == Event::key && !duplicate &&
                   !keys.back().insert(parsed.get<std::string>()).second) {
            duplicate = parsed.get<std::string>();
        }
        return true;
    };
    nlohmann::json parsed = nlohmann::json::parse(text, note, false);
    if (parsed.is_discarded()) return std::nullopt;
    if (duplicate)
        throw ApiError(400,
                       "the key " + menagerie::quoted(*duplicate) + " appears twice in an object");
    return parsed;
}

// Every key of `object` must be one of `known`.
inline void only_fields(const nlohmann::json& object, std::initializer_list<const char*> known,
                        const std::string& what) {
    for (const auto& [key, value] : object.items()) {
        bool found = false;
        for (const char* k : known) found |= key == k;
        if (!found) throw ApiError(400, what + " has an unknown field " + menagerie::quoted(key));
    }
}

// A string field: absent (nullopt, or an error when required), else a string of at most
// `max_length` bytes without control characters.
inline std::optional<std::string> string_field(const nlohmann::json& object, const char* key,
                                               size_t max_length, bool required = false) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
        if (required) throw ApiError(400, std::string("the field \"") + key + "\" is missing");
        return std::nullopt;
    }
    if (!it->is_string())
        throw ApiError(400, std::string("the field \"") + key + "\" must be a string");
    const std::string& s = it->get_ref<const std::string&>();
    if (s.size() > max_length)
        throw ApiError(400, std::string("the field \"") + key + "\" is longer than " +
                                std::to_string(max_length) + " bytes");
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\r' && c != '\t')
            throw ApiError(400, std::string("the field \"") + key + "\" holds a control character");
    return s;
}

// A whole number field from `min` to `max`.
inline std::optional<int64_t> int_field(const nlohmann::json& object, const char* key, int64_t min,
                                        int64_t max, bool required = false) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
        if (required) throw ApiError(400, std::string("the field \"") + key + "\" is missing");
        return std::nullopt;
    }
    if (!it->is_number_integer() || it->get<int64_t>() < min || it->get<int64_t>() > max)
        throw ApiError(400, std::string("the field \"") + key + "\" must be a whole number from " +
                                std::to_string(min) + " to " + std::to_string(max));
    return it->get<int64_t>();
}

// A request's "options" of a game: a JSON object of strings (absent: none).
inline std::map<std::string, std::string> options_field(const nlohmann::json& body) {
    std::map<std::string, std::string> options;
    const auto it = body.find("options");
    if (it == body.end() || it->is_null()) return options;
    if (!it->is_object()) throw ApiError(400, "the field \"options\" must be a JSON object");
    if (it->size() > 16) throw ApiError(400, "the field \"options\" has too many entries");
    for (const auto& [key, value] : it->items()) {
        if (!value.is_string())
            throw ApiError(400,
                           "the option " + menagerie::quoted(key) + " must have a string value");
        options[key] = value.get<std::string>();
    }
    return options;
}

// A true/false field (absent: `otherwise`).
inline bool bool_field(const nlohmann::json& object, const char* key, bool otherwise) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return otherwise;
    if (!it->is_boolean())
        throw ApiError(400, std::string("the field \"") + key + "\" must be true or false");
    return it->get<bool>();
}

}  // namespace menagerie::server
