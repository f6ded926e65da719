#include "notation/atlas_table.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <functional>

#include "core/error.h"

namespace menagerie {

namespace {

// The columns, in order, each with how it is written and read.
struct Column {
    const char* name;
    std::function<std::string(const AtlasRow&)> write;
    std::function<void(AtlasRow&, const std::string&)> read;
};

int read_int(const char* column, const std::string& text) {
    int v = 0;
    const char* begin = text.data();
    if (!text.empty() && text[0] == '+') ++begin;
    const auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        throw Error(ErrorKind::File, column,
                    std::string("column ") + column + ": " + menagerie::quoted(text) +
                        " is not a whole number");
    return v;
}

std::string signed_text(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }
// 0 is written as an empty field where it means "none".
std::string optional_signed(int v) { return v ? signed_text(v) : ""; }
int read_optional(const char* column, const std::string& text) {
    return text.empty() ? 0 : read_int(column, text);
}

#define TEXT(field)                                                                               \
    {                                                                                             \
#field, [](const AtlasRow& r) { return r.field; },                                        \
                                                        [](AtlasRow & r,                          \
                                                           const std::string& t) { r.field = t; } \
    }
#define NUMBER(field)                                                                                \
    {                                                                                                \
#field,                                                                                      \
            [](const AtlasRow&                                                                       \
                   r) { return std::to_string(r.field); },                                           \
                                                        [](AtlasRow & r,                             \
                                                           const std::string&                        \
                                                               t) { r.field = read_int(#field, t); } \
    }

const std::vector<Column>& columns() {
    static const std::vector<Column> all = {
        TEXT(variant),
        NUMBER(index),
        NUMBER(of),
        TEXT(setup),
        TEXT(options),
        TEXT(fen),
        TEXT(limit),
        NUMBER(depth),
        NUMBER(score_cp),
        {"mate", [](const AtlasRow& r) { return optional_signed(r.mate); },
         [](AtlasRow& r, const std::string& t) { r.mate = read_optional("mate", t); }},
        TEXT(best_uci),
        TEXT(best_san),
        TEXT(pv),
        NUMBER(mating_moves),
        {"forced_mate", [](const AtlasRow& r) { return optional_signed(r.forced_mate); },
         [](AtlasRow& r, const std::string& t) {
             r.forced_mate = read_optional("forced_mate", t);
         }},
        NUMBER(games),
        NUMBER(white_wins),
        NUMBER(draws),
        NUMBER(black_wins),
    };
    return all;
}

#undef TEXT
#undef NUMBER

}  // namespace

std::string write_atlas_options(const std::map<std::string, std::string>& options) {
    std::string out;
    for (const auto& [name, value] : options) out += (out.empty() ? "" : ";") + name + "=" + value;
    return out;
}

std::map<std::string, std::string> read_atlas_options(const std::string& text) {
    std::map<std::string, std::string> out;
    for (size_t at = 0; at < text.size();) {
        const size_t end = std::min(text.find(';', at), text.size());
        const std::string pair = text.substr(at, end - at);
        const size_t eq = pair.find('=');
        if (eq == 0 || eq == std::string::npos || eq + 1 == pair.size())
            throw Error(ErrorKind::File, "options",
                        "column options: " + menagerie::quoted(pair) + " is not name=value");
        if (!out.emplace(pair.substr(0, eq), pair.substr(eq + 1)).second)
            throw Error(ErrorKind::File, "options",
                        "column options names " + menagerie::quoted(pair.substr(0, eq)) + " twice");
        at = end + 1;
    }
    return out;
}

const std::string& atlas_header() {
    static const std::string header = [] {
        std::string h;
        for (const Column& c : columns()) h += (h.empty() ? "" : ",") + std::string(c.name);
        return h;
    }();
    return header;
}

std::string write_atlas_row(const AtlasRow& row) {
    std::string line;
    bool first = true;
    for (const Column& c : columns()) {
        const std::string field = c.write(row);
        if (field.find_first_of(",\"\r\n") != std::string::npos)
            throw Error(ErrorKind::Invalid, c.name,
                        std::string("atlas column ") + c.name + ": " + menagerie::quoted(field) +
                            " holds a comma, a quote or a line break");
        line += (first ? "" : ",") + field;
        first = false;
    }
    return line;
}

AtlasRow read_atlas_row(const std::string& line) {
    std::vector<std::string> fields;
    for (size_t at = 0;;) {
        const size_t comma = line.find(',', at);
        fields.push_back(
            line.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    const std::vector<Column>& all = columns();
    if (fields.size() != all.size())
        throw Error(ErrorKind::File, "row",
                    "a row has " + std::to_string(fields.size()) + " fields, not " +
                        std::to_string(all.size()));
    AtlasRow row;
    for (size_t i = 0; i < all.size(); ++i) all[i].read(row, fields[i]);
    if (row.of < 1 || row.index < 0 || row.index >= row.of)
        throw Error(ErrorKind::File, "index",
                    "row index " + std::to_string(row.index) + " is not within 0 to of - 1 (of " +
                        std::to_string(row.of) + ")");
    return row;
}

AtlasTable read_atlas_table(const std::string& text) {
    AtlasTable table;
    if (text.empty()) return table;
    size_t line_number = 0;
    for (size_t at = 0; at < text.size();) {
        const size_t end = text.find('\n', at);
        ++line_number;
        if (end == std::string::npos) {
            table.torn_bytes = text.size() - at;
            break;
        }
        const std::string line = text.substr(at, end - at);
        at = end + 1;
        if (line_number == 1) {
            if (line != atlas_header())
                throw Error(
                    ErrorKind::File, "header",
                    "line 1 is not the atlas header " + menagerie::quoted(atlas_header(), 400));
            continue;
        }
        try {
            table.rows.push_back(read_atlas_row(line));
        } catch (const Error& e) {
            throw Error(ErrorKind::File, e.field(),
                        "line " + std::to_string(line_number) + ": " + e.what());
        }
    }
    if (line_number == 1 && table.torn_bytes) {
        // Only a torn header: nothing was written after it.
        if (atlas_header().rfind(text, 0) != 0)
            throw Error(ErrorKind::File, "header", "line 1 is not the atlas header");
    }
    return table;
}

}  // namespace menagerie
