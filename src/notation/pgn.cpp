#include "notation/pgn.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/outcome.h"
#include "core/setup.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

std::string options_text(const Game& game) {
    std::string out;
    for (const auto& [k, v] : game.options) out += (out.empty() ? "" : " ") + k + "=" + v;
    return out;
}

std::shared_ptr<const Game> game_of(const std::map<std::string, std::string>& tags,
                                    const GameResolver& resolve) {
    const auto v = tags.find("Variant");
    std::string name = v == tags.end() ? "chess" : v->second;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "standard") name = "chess";
    Options options;
    if (const auto o = tags.find("VariantOptions"); o != tags.end()) {
        std::istringstream in(o->second);
        for (std::string kv; in >> kv;) {
            const auto eq = kv.find('=');
            if (eq == std::string::npos)
                throw Error("PGN tag VariantOptions has '" + kv + "', not name=value");
            options[kv.substr(0, eq)] = kv.substr(eq + 1);
        }
    }
    return resolve(name, options);
}

}  // namespace

std::string write_pgn(const Position& start, const std::vector<std::string>& moves,
                      const std::map<std::string, std::string>& extra_tags) {
    const Game& game = start.game();
    GameRecord record(start);
    Position& pos = record.position();
    std::string movetext;
    bool need_number = true;
    for (size_t i = 0; i < moves.size(); ++i) {
        const Move m = parse_move(pos, moves[i]);
        if (pos.side_to_move() == WHITE)
            movetext += std::to_string(pos.fullmove()) + ". ";
        else if (need_number)
            movetext += std::to_string(pos.fullmove()) + "... ";
        need_number = pos.side_to_move() == WHITE && m.kind() == MoveKind::Relocation;
        movetext += move_to_san(pos, m) + " ";
        record.play(m);
        if (pos.side_to_move() == WHITE) need_number = true;
    }
    const std::string result = result_text(outcome(pos).result);
    std::map<std::string, std::string> tags = {
        {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
        {"White", "?"}, {"Black", "?"}, {"Result", result},     {"Variant", game.name}};
    for (const auto& [k, v] : extra_tags) tags[k] = v;
    if (!game.options.empty()) tags["VariantOptions"] = options_text(game);
    const std::string fen = write_fen(start);
    const bool standard_start =
        has_fixed_start(game) && fen == write_fen(start_position(start.game_ptr()));
    if (!standard_start) tags["SetUp"] = "1", tags["FEN"] = fen;
    std::string out;
    for (const char* key : {"Event", "Site", "Date", "Round", "White", "Black", "Result"})
        out += std::string("[") + key + " \"" + tags[key] + "\"]\n";
    for (const auto& [k, v] : tags)
        if (k != "Event" && k != "Site" && k != "Date" && k != "Round" && k != "White" &&
            k != "Black" && k != "Result")
            out += "[" + k + " \"" + v + "\"]\n";
    return out + "\n" + movetext + result + "\n";
}

PgnGame parse_pgn(const std::string& text, const GameResolver& resolve) {
    PgnGame g;
    size_t i = 0;
    const size_t n = text.size();
    std::vector<std::string> tokens;
    while (i < n) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '[') {
            const size_t close = text.find(']', i);
            if (close == std::string::npos) throw Error("PGN tag is not closed with ']'");
            const std::string tag = text.substr(i + 1, close - i - 1);
            const size_t q1 = tag.find('"'), q2 = tag.rfind('"');
            if (q1 == std::string::npos || q2 == q1)
                throw Error("PGN tag [" + tag + "] has no quoted value");
            std::string name = tag.substr(0, q1);
            while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
                name.pop_back();
            g.tags[name] = tag.substr(q1 + 1, q2 - q1 - 1);
            i = close + 1;
        } else if (c == '{') {
            const size_t close = text.find('}', i);
            if (close == std::string::npos) throw Error("PGN comment is not closed with '}'");
            i = close + 1;
        } else if (c == ';') {
            while (i < n && text[i] != '\n') ++i;
        } else if (c == '(') {
            int depth = 0;
            for (; i < n; ++i) {
                depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
                if (depth == 0) break;
            }
            if (depth) throw Error("PGN variation is not closed with ')'");
            ++i;
        } else {
            size_t j = i;
            while (j < n && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{' &&
                   text[j] != '(' && text[j] != ';')
                ++j;
            tokens.push_back(text.substr(i, j - i));
            i = j;
        }
    }
    const auto game = game_of(g.tags, resolve);
    const auto fen = g.tags.find("FEN");
    if (fen == g.tags.end() && !has_fixed_start(*game))
        throw Error("PGN of " + game->name +
                    " needs a FEN tag: its games start from a random setup");
    GameRecord record(fen != g.tags.end() ? parse_fen(game, fen->second) : start_position(game));
    Position& pos = record.position();
    g.start_fen = write_fen(pos);
    for (std::string tok : tokens) {
        size_t k = 0;
        while (k < tok.size() && std::isdigit(static_cast<unsigned char>(tok[k]))) ++k;
        if (k > 0 && k < tok.size() && tok[k] == '.') {
            while (k < tok.size() && tok[k] == '.') ++k;
            tok = tok.substr(k);
        }
        if (tok.empty() || tok[0] == '$') continue;
        if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") break;
        Move m;
        try {
            m = parse_move(pos, tok);
        } catch (const Error& e) {
            throw Error(std::string("PGN move ") + std::to_string(g.moves.size() + 1) + ": " +
                        e.what());
        }
        g.san.push_back(move_to_san(pos, m));
        g.moves.push_back(m);
        record.play(m);
    }
    return g;
}

Position final_position(const PgnGame& game, const GameResolver& resolve) {
    GameRecord record(parse_fen(game_of(game.tags, resolve), game.start_fen));
    for (Move m : game.moves) record.play(m);
    return Position(record.position());
}

Position read_pgn_file(const std::string& path, const GameResolver& resolve) {
    std::ifstream in(path);
    if (!in) throw Error("cannot read PGN file '" + path + "'");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return final_position(parse_pgn(buffer.str(), resolve), resolve);
}

}  // namespace menagerie
