#include "notation/pgn.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

#include "core/error.h"
#include "core/outcome.h"
#include "core/rules.h"
#include "core/setup.h"
#include "core/text.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/played_move.h"

namespace menagerie {

namespace {

std::string options_text(const Game& game) {
    std::string out;
    for (const auto& [k, v] : game.options)  // a roll of dice has a tag of its own (Dice)
        if (k != "dice") out += (out.empty() ? "" : " ") + k + "=" + v;
    return out;
}

std::shared_ptr<const Game> game_of(const std::map<std::string, std::string>& tags,
                                    const GameResolver& resolve) {
    const auto v = tags.find("Variant");
    const std::string name = pgn_variant_name(v == tags.end() ? "chess" : v->second);
    Options options;
    if (const auto o = tags.find("VariantOptions"); o != tags.end()) {
        std::istringstream in(o->second);
        for (std::string kv; in >> kv;) {
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0)
                throw Error(ErrorKind::Pgn, "tag VariantOptions",
                            "tag VariantOptions has " + menagerie::quoted(kv) + ", not name=value");
            options[kv.substr(0, eq)] = kv.substr(eq + 1);
        }
    }
    if (const auto d = tags.find("Dice"); d != tags.end()) options["dice"] = d->second;
    return resolve(name, options);
}

// The tokens of PGN text. Comments, NAGs, `%` lines and move numbers are dropped here; a
// variation is its moves between a VariationStart and a VariationEnd; what is malformed becomes
// an Error token, so that a database can still be split.
struct Token {
    enum Kind { Tag, Move, Result, VariationStart, VariationEnd, Bad } kind;
    std::string text;   // tag name, move, result, or the error's message
    std::string value;  // tag value
    size_t line;
    size_t begin, end;  // offsets in the text
};

bool is_result(std::string_view s) {
    return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

bool delimiter(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == '{' || c == '}' || c == '(' ||
           c == ')' || c == '[' || c == ']' || c == ';' || c == '"';
}

std::vector<Token> lex(std::string_view text, size_t line) {
    std::vector<Token> out;
    size_t i = 0;
    const size_t n = text.size();
    if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    int depth = 0;  // of variations
    size_t depth_line = 0;
    auto bad = [&](size_t begin, size_t end, const std::string& message) {
        out.push_back(
            {Token::Bad, "line " + std::to_string(line) + ": " + message, "", line, begin, end});
    };
    auto skip_line = [&] {
        while (i < n && text[i] != '\n') ++i;
    };
    while (i < n) {
        const char c = text[i];
        const bool line_start = i == 0 || text[i - 1] == '\n' || (i == 3 && text[0] == '\xEF');
        if (c == '\n') {
            ++line, ++i;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '%' && line_start) {
            skip_line();
        } else if (c == ';') {
            skip_line();
        } else if (c == '{') {
            const size_t begin = i, from = line;
            const size_t close = text.find('}', i);
            const size_t stop = close == std::string_view::npos ? n : close + 1;
            for (; i < stop; ++i) line += text[i] == '\n';
            if (close == std::string_view::npos) {
                line = from;
                bad(begin, n, "comment '{' is not closed with '}'");
            }
        } else if (c == '(') {
            if (depth++ == 0) depth_line = line;
            out.push_back({Token::VariationStart, "(", "", line, i, i + 1});
            ++i;
        } else if (c == ')') {
            if (depth == 0)
                bad(i, i + 1, "')' closes no variation");
            else
                out.push_back({Token::VariationEnd, ")", "", line, i, i + 1});
            depth = std::max(depth - 1, 0);
            ++i;
        } else if (c == '[') {
            const size_t begin = i;
            if (depth > 0) {
                bad(begin, i + 1,
                    "variation opened on line " + std::to_string(depth_line) +
                        " is not closed with ')'");
                depth = 0;
            }
            ++i;
            while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
            const size_t name_begin = i;
            while (i < n && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
                ++i;
            const std::string name(text.substr(name_begin, i - name_begin));
            while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
            std::string value;
            bool ok = !name.empty() && i < n && text[i] == '"';
            if (ok) {
                for (++i; i < n && text[i] != '"' && text[i] != '\n'; ++i) {
                    if (text[i] == '\\' && i + 1 < n && (text[i + 1] == '"' || text[i + 1] == '\\'))
                        ++i;
                    value += text[i];
                }
                ok = i < n && text[i] == '"';
                if (ok) ++i;
                while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
                ok = ok && i < n && text[i] == ']';
            }
            if (!ok) {
                const size_t eol = text.find('\n', begin);
                const std::string_view rest =
                    text.substr(begin, (eol == std::string_view::npos ? n : eol) - begin);
                i = begin + rest.size();
                bad(begin, i,
                    name.empty() ? "tag " + menagerie::quoted(rest) + " has no name"
                                 : "tag " + menagerie::quoted(rest) +
                                       " is not of the form [Name \"value\"]");
                continue;
            }
            ++i;
            out.push_back({Token::Tag, name, value, line, begin, i});
        } else if (c == ']' || c == '"' || c == '}') {
            bad(i, i + 1, std::string("stray '") + c + "'");
            ++i;
        } else {
            const size_t begin = i;
            while (i < n && !delimiter(text[i])) ++i;
            if (c == '$') continue;  // a NAG
            std::string tok(text.substr(begin, i - begin));
            if (is_result(tok)) {
                // (a variation's result, which some programs write, ends nothing)
                if (depth == 0) out.push_back({Token::Result, tok, "", line, begin, i});
                continue;
            }
            size_t k = 0;  // a move number: 12. 12... or 12 (then perhaps the move: 12...Nf6)
            while (k < tok.size() && std::isdigit(static_cast<unsigned char>(tok[k]))) ++k;
            if (k > 0 && (k == tok.size() || tok[k] == '.')) {
                while (k < tok.size() && tok[k] == '.') ++k;
                tok.erase(0, k);
            }
            while (!tok.empty() && (tok.back() == '!' || tok.back() == '?')) tok.pop_back();
            if (!tok.empty()) out.push_back({Token::Move, tok, "", line, begin, i});
        }
    }
    if (depth > 0)
        bad(n, n,
            "variation opened on line " + std::to_string(depth_line) + " is not closed with ')'");
    return out;
}

// The games of a token list: a game is its tags, then its movetext up to its result token (or
// up to the next tag section, or the end of the text, when the result token is missing).
std::vector<std::vector<Token>> games_of(std::vector<Token> tokens) {
    std::vector<std::vector<Token>> games;
    bool open = false, in_movetext = false;
    for (Token& t : tokens) {
        if (!open || (t.kind == Token::Tag && in_movetext)) {
            games.emplace_back();
            open = true, in_movetext = false;
        }
        in_movetext |= t.kind == Token::Move;
        const bool ends = t.kind == Token::Result;
        games.back().push_back(std::move(t));
        if (ends) open = false;
    }
    return games;
}

// Black Swan: a turn written as one token, the chance move and the placements that follow it
// joined by ':' ("Se4:2+RP:P@d3"), is its plies, each a move token. The outcome holds no ':'.
std::vector<Token> with_turns_split(const std::vector<Token>& tokens) {
    std::vector<Token> out;
    for (const Token& t : tokens) {
        const size_t outcome = t.kind == Token::Move ? t.text.find(':') : std::string::npos;
        const size_t more = outcome == std::string::npos ? outcome : t.text.find(':', outcome + 1);
        if (more == std::string::npos) {
            out.push_back(t);
            continue;
        }
        Token part = t;
        part.text = t.text.substr(0, more);
        out.push_back(part);
        for (size_t at = more + 1; at <= t.text.size();) {
            const size_t next = std::min(t.text.find(':', at), t.text.size());
            part.text = t.text.substr(at, next - at);
            out.push_back(part);
            at = next + 1;
        }
    }
    return out;
}

std::string where(size_t number, size_t line) {
    return "PGN game " + std::to_string(number) + ", line " + std::to_string(line);
}

}  // namespace

namespace {

// The movetext of the plies `san` played from `start` (each SAN as written, `moves` the same
// plies as moves). Black Swan: the placements that follow a chance move belong to the mover's
// turn, so they are joined to its token with ':' ("Se4:2+RP:P@d3"), check marks only at the
// turn's end; the next move is numbered as its side's.
std::string movetext_of(GameRecord& record, const std::vector<Move>& moves,
                        const std::vector<std::string>& san) {
    Position& pos = record.position();
    std::string text;
    bool need_number = true;
    for (size_t i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        if (m.kind() == MoveKind::Placement && !text.empty() && text.back() == ' ') {
            text.pop_back();
            while (!text.empty() && (text.back() == '+' || text.back() == '#')) text.pop_back();
            text += ":" + san[i] + " ";
            record.play(m);
            if (pos.side_to_move() == WHITE) need_number = true;
            continue;
        }
        if (pos.side_to_move() == WHITE)
            text += std::to_string(pos.fullmove()) + ". ";
        else if (need_number)
            text += std::to_string(pos.fullmove()) + "... ";
        need_number = pos.side_to_move() == WHITE && m.kind() == MoveKind::Relocation;
        text += san[i] + " ";
        record.play(m);
        if (pos.side_to_move() == WHITE && pos.pending() != PLACING) need_number = true;
    }
    return text;
}

std::string write_pgn_text(GameRecord& record, const Position& start, std::string movetext,
                           const std::map<std::string, std::string>& extra_tags,
                           const std::string& final_comment);

}  // namespace

std::string write_pgn(const Position& start, const std::vector<std::string>& moves,
                      const std::map<std::string, std::string>& extra_tags,
                      const std::string& final_comment) {
    GameRecord reader(start);
    std::vector<Move> played;
    std::vector<std::string> san;
    for (const std::string& text : moves) {
        if (const auto keep = implicit_keep(reader.position(), text)) {
            san.push_back(move_to_san(reader.position(), *keep));
            played.push_back(*keep);
            reader.play(*keep);
        }
        PositionMoves legal(reader.position());
        const Move m = legal.read(text);
        san.push_back(legal.san(m));
        played.push_back(m);
        reader.play(m);
    }
    GameRecord record(start);
    std::string movetext = movetext_of(record, played, san);
    return write_pgn_text(record, start, std::move(movetext), extra_tags, final_comment);
}

std::string write_pgn(const Position& start, const std::vector<PlayedMove>& moves,
                      const std::map<std::string, std::string>& extra_tags,
                      const std::string& final_comment) {
    std::vector<Move> played;
    std::vector<std::string> san;
    for (const PlayedMove& p : moves) played.push_back(p.move), san.push_back(p.san);
    GameRecord record(start);
    std::string movetext = movetext_of(record, played, san);
    return write_pgn_text(record, start, std::move(movetext), extra_tags, final_comment);
}

namespace {

std::string write_pgn_text(GameRecord& record, const Position& start, std::string movetext,
                           const std::map<std::string, std::string>& extra_tags,
                           const std::string& final_comment) {
    const Game& game = start.game();
    Position& pos = record.position();
    const auto given = extra_tags.find("Result");
    const std::string result =
        given != extra_tags.end() ? given->second : result_text(outcome(pos).result);
    std::map<std::string, std::string> tags = {
        {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
        {"White", "?"}, {"Black", "?"}, {"Result", result},     {"Variant", game.name}};
    for (const auto& [k, v] : extra_tags) tags[k] = v;
    if (!options_text(game).empty()) tags["VariantOptions"] = options_text(game);
    const auto dice = game.options.find("dice");
    if (dice != game.options.end()) tags["Dice"] = dice->second;
    const std::string fen = write_fen(start);
    const bool standard_start =
        has_fixed_start(game) && fen == write_fen(start_position(start.game_ptr()));
    // A game from dice gives its FEN too, for readers that do not know the dice.
    if (!standard_start || dice != game.options.end()) tags["SetUp"] = "1", tags["FEN"] = fen;
    // A value may hold a quote or a backslash (an imported name such as Smith "Jr"): PGN escapes
    // both.
    auto tag_line = [](const std::string& key, const std::string& value) {
        std::string escaped;
        for (const char c : value) {
            if (c == '"' || c == '\\') escaped += '\\';
            escaped += c;
        }
        return "[" + key + " \"" + escaped + "\"]\n";
    };
    std::string out;
    for (const char* key : {"Event", "Site", "Date", "Round", "White", "Black", "Result"})
        out += tag_line(key, tags[key]);
    for (const auto& [k, v] : tags)
        if (k != "Event" && k != "Site" && k != "Date" && k != "Round" && k != "White" &&
            k != "Black" && k != "Result")
            out += tag_line(k, v);
    std::string comment;  // braces cannot be escaped in PGN: the comment loses its own
    for (const char c : final_comment) comment += c == '{' || c == '}' ? '|' : c;
    if (!comment.empty()) movetext += "{" + comment + "} ";
    return out + "\n" + movetext + result + "\n";
}

}  // namespace

std::string pgn_variant_name(const std::string& tag) {
    const std::string name = lower_case(tag);
    for (const char* alias :
         {"standard", "normal", "orthodox", "classical", "from position", "fromposition",
          "chess960", "chess 960", "chess-960", "960", "fischerandom", "fischerrandom",
          "fischer random", "fischer random chess", "frc"})
        if (name == alias) return "chess";
    return name;
}

std::vector<PgnText> split_pgn(const std::string& text) {
    std::vector<PgnText> out;
    size_t previous_end = 0;
    for (const std::vector<Token>& game : games_of(lex(text, 1))) {
        // From the start of the first token's line (or the end of the previous game).
        const size_t newline =
            game.front().begin == 0 ? std::string::npos : text.rfind('\n', game.front().begin - 1);
        const size_t begin = std::max(previous_end, newline == std::string::npos ? 0 : newline + 1);
        const size_t end = game.back().end;
        previous_end = end;
        out.push_back({text.substr(begin, end - begin), out.size() + 1, game.front().line});
    }
    return out;
}

PgnGame parse_pgn(const PgnText& source, const GameResolver& resolve, const MoveVisitor& visit) {
    const std::vector<Token> tokens = lex(source.text, source.line);
    const auto games = games_of(tokens);
    if (games.size() > 1)
        throw Error(ErrorKind::Pgn, "game",
                    where(source.number, games[1].front().line) +
                        ": a second game starts here; read the text as a database");
    if (games.empty())
        throw Error(ErrorKind::Pgn, "game", where(source.number, source.line) + ": no game");
    // PGN is printable text: a control character (a NUL, a terminal escape) is refused here,
    // before it could reach a message unquoted or cut one short.
    size_t line = source.line;
    for (size_t i = 0; i < source.text.size(); ++i) {
        const char c = source.text[i];
        const auto u = static_cast<unsigned char>(c);
        line += c == '\n';
        if ((u < 0x20 && !std::isspace(u)) || u == 0x7F) {
            const size_t begin = source.text.rfind('\n', i);
            const size_t from = begin == std::string::npos ? 0 : begin + 1;
            const size_t end = source.text.find('\n', from);
            throw Error(ErrorKind::Pgn, "syntax",
                        where(source.number, line) + ": control character " +
                            menagerie::quoted(std::string(1, c)) + " in " +
                            menagerie::quoted(source.text.substr(from, end - from)));
        }
    }
    PgnGame g;
    size_t tags_line = source.line;
    for (const Token& t : tokens) {
        if (t.kind == Token::Bad)
            throw Error(ErrorKind::Pgn, "syntax",
                        "PGN game " + std::to_string(source.number) + ", " + t.text);
        if (t.kind == Token::Tag) g.tags[t.text] = t.value, tags_line = t.line;
    }
    std::shared_ptr<const Game> game;
    try {
        game = game_of(g.tags, resolve);
    } catch (const Error& e) {
        std::string message = e.what();
        const std::string field = e.kind() == ErrorKind::Pgn                 ? e.field()
                                  : message.rfind("unknown variant", 0) == 0 ? "tag Variant"
                                                                             : "tag VariantOptions";
        for (const char* tag : {"Variant", "VariantOptions"}) {
            if (const auto t = g.tags.find(tag); t != g.tags.end()) {
                message = requote(message, t->second);
                message = requote(message, lower_case(t->second));
                std::istringstream in(t->second);
                for (std::string word; in >> word;)
                    for (const std::string& part :
                         {word, word.substr(0, word.find('=')), word.substr(word.find('=') + 1)})
                        message = requote(message, part);
            }
        }
        throw Error(ErrorKind::Pgn, field,
                    where(source.number, tags_line) + ", " + field + ": " + message);
    }
    const auto fen = g.tags.find("FEN");
    if (fen == g.tags.end() && !has_fixed_start(*game))
        throw Error(ErrorKind::Pgn, "tag FEN",
                    where(source.number, tags_line) + ": a game of " + game->name +
                        " needs a FEN tag: its games start from a random setup");
    std::optional<GameRecord> record;
    try {
        record.emplace(fen != g.tags.end() ? parse_fen(game, fen->second) : start_position(game));
    } catch (const Error& e) {
        if (fen == g.tags.end()) throw;
        throw Error(
            ErrorKind::Pgn, "tag FEN",
            where(source.number, tags_line) + ", tag FEN: " + requote(e.what(), fen->second));
    }
    Position& pos = record->position();
    g.start_fen = write_fen(pos);
    std::optional<std::string> tag_result;
    if (const auto r = g.tags.find("Result"); r != g.tags.end() && is_result(r->second))
        g.result = *(tag_result = r->second);
    // The variations open around the current move: each replaced the move before it, which is
    // taken back while the variation's own moves are played, and played again at its end.
    struct Variation {
        Move replaced;
        size_t played = 0;
    };
    std::vector<Variation> variations;
    // A move the record implies (Black Swan's older records: see implicit_keep).
    auto play_implied = [&](const std::string& text) {
        const auto keep = implicit_keep(pos, text);
        if (!keep) return;
        if (!variations.empty()) {
            ++variations.back().played;
        } else {
            if (visit) visit(g, pos, *keep, text);
            g.san.push_back(move_to_san(pos, *keep));
            g.moves.push_back(*keep);
        }
        record->play(*keep);
    };
    for (const Token& t : with_turns_split(tokens)) {
        // A game over (not "*": one may stop while its mover still chooses) is a turn ended.
        if (t.kind == Token::Result && t.text != "*" && variations.empty()) play_implied("");
        if (t.kind == Token::Result) {
            if (tag_result && t.text != *tag_result)
                throw Error(ErrorKind::Pgn, "result",
                            where(source.number, t.line) + ": the movetext ends " + t.text +
                                " but the Result tag says " + *tag_result);
            g.result = t.text, g.result_token = true;
        }
        const size_t in_line = variations.empty() ? g.moves.size() : variations.back().played;
        if (t.kind == Token::VariationStart) {
            if (in_line == 0)
                throw Error(ErrorKind::Pgn, "move",
                            where(source.number, t.line) +
                                ": a variation must follow the move it replaces");
            variations.push_back({record->moves().back()});
            record->undo();
        } else if (t.kind == Token::VariationEnd && !variations.empty()) {
            for (; variations.back().played > 0; --variations.back().played) record->undo();
            record->play(variations.back().replaced);
            variations.pop_back();
        }
        if (t.kind != Token::Move) continue;
        const std::string label = std::to_string(pos.fullmove()) +
                                  (pos.side_to_move() == WHITE ? " (White)" : "... (Black)") +
                                  (variations.empty() ? "" : " of a variation");
        // A game ends where the rules end it (mate, stalemate, the draws the program claims by
        // itself): a record that goes on is not a game Menagerie could have played.
        if (const Outcome o = outcome(pos); o.result != Result::Ongoing)
            throw Error(ErrorKind::Pgn, "move",
                        where(source.number, t.line) + ", move " + label + ": the game ended by " +
                            o.reason + " (" + result_text(o.result) + ") before " +
                            menagerie::quoted(t.text));
        play_implied(t.text);
        Move m;
        PositionMoves moves(pos);
        try {
            m = moves.read(t.text);
        } catch (const Error& e) {
            throw Error(ErrorKind::Pgn, "move",
                        where(source.number, t.line) + ", move " + label + ": " +
                            requote(e.what(), t.text));
        }
        // A record holds every outcome: a chance move without one cannot be replayed.
        if (is_chance_move(pos, m) && chance_draw(pos, m).count == 0)
            throw Error(ErrorKind::Pgn, "move",
                        where(source.number, t.line) + ", move " + label + ": " +
                            menagerie::quoted(t.text) + " needs its outcome (\"" + t.text +
                            ":...\")");
        if (!variations.empty()) {
            record->play(m);
            ++variations.back().played;
            continue;
        }
        if (visit) visit(g, pos, m, t.text);
        g.san.push_back(moves.san(m));
        g.moves.push_back(m);
        record->play(m);
    }
    if (const Outcome o = outcome(pos); o.result != Result::Ongoing && !g.result.empty() &&
                                        g.result != "*" && g.result != result_text(o.result))
        throw Error(ErrorKind::Pgn, "result",
                    where(source.number, tags_line) + ": the record says " + g.result +
                        " but the game ended by " + o.reason + ", " + result_text(o.result));
    return g;
}

PgnGame parse_pgn(const std::string& text, const GameResolver& resolve, const MoveVisitor& visit) {
    return parse_pgn(PgnText{text, 1, 1}, resolve, visit);
}

Position final_position(const PgnGame& game, const GameResolver& resolve) {
    GameRecord record(parse_fen(game_of(game.tags, resolve), game.start_fen));
    for (Move m : game.moves) record.play(m);
    return Position(record.position());
}

std::string read_pgn_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw Error(ErrorKind::File, "file",
                    "PGN file " + menagerie::quoted(path) + " is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error(ErrorKind::File, "file", "cannot read PGN file " + menagerie::quoted(path));
    std::stringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        throw Error(ErrorKind::File, "file", "cannot read PGN file " + menagerie::quoted(path));
    std::string text = buffer.str();
    if (split_pgn(text).empty())
        throw Error(ErrorKind::File, "file",
                    "PGN file " + menagerie::quoted(path) +
                        (text.empty() ? " is empty" : " holds no game"));
    return text;
}

}  // namespace menagerie
