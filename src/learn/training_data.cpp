#include "learn/training_data.h"

#include <filesystem>

#include "core/error.h"
#include "games/games.h"

namespace menagerie::learn {

namespace {

constexpr char MAGIC[8] = {'M', 'N', 'G', 'D', 'A', 'T', 'A', '1'};
[[maybe_unused]] constexpr size_t BLOCK_HEAD = 8;  // u32 game, u16 records, i8 result, u8 0
constexpr size_t RECORD_HEAD = 22;  // u8 side, u8 men, i16 score, u16 ply, 16 bytes of cells

void put16(std::string& out, unsigned v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& out, uint32_t v) {
    put16(out, v & 0xFFFF);
    put16(out, v >> 16);
}
void put_text(std::string& out, const std::string& s) {
    put16(out, static_cast<unsigned>(s.size()));
    out += s;
}

// Reads little-endian numbers from a byte buffer, remembering whether it ran past the end.
struct Reader {
    const std::string& data;
    size_t at = 0;
    bool short_read = false;
    bool has(size_t n) {
        if (at + n <= data.size()) return true;
        short_read = true;
        return false;
    }
    unsigned u8() { return has(1) ? static_cast<unsigned char>(data[at++]) : 0; }
    unsigned u16() {
        const unsigned lo = u8();
        return lo | u8() << 8;
    }
    uint32_t u32() {
        const uint32_t lo = u16();
        return lo | uint32_t(u16()) << 16;
    }
    std::string text() {
        const unsigned n = u16();
        if (!has(n)) return "";
        std::string s = data.substr(at, n);
        at += n;
        return s;
    }
};

std::string encode_header(const DataHeader& h) {
    std::string out(MAGIC, sizeof MAGIC);
    put_text(out, h.variant);
    put_text(out, h.options);
    put16(out, static_cast<unsigned>(h.cells));
    out += static_cast<char>(h.types);
    out += static_cast<char>(h.extra);
    return out;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::File, "data", "cannot read " + menagerie::quoted(path));
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Parses the header; throws for a file that is not training data.
DataHeader parse_header(Reader& r, const std::string& path) {
    if (r.data.size() < sizeof MAGIC || r.data.compare(0, sizeof MAGIC, MAGIC, sizeof MAGIC) != 0)
        throw Error(ErrorKind::File, "data",
                    menagerie::quoted(path) + " is not Menagerie training data (no MNGDATA1)");
    r.at = sizeof MAGIC;
    DataHeader h;
    h.variant = r.text();
    h.options = r.text();
    h.cells = static_cast<int>(r.u16());
    h.types = static_cast<int>(r.u8());
    h.extra = static_cast<int>(r.u8());
    if (r.short_read || h.cells <= 0 || h.cells > SQUARE_MAX || h.types <= 0)
        throw Error(ErrorKind::File, "data", menagerie::quoted(path) + " has a damaged header");
    return h;
}

// Reads blocks until the data ends; `on_block` gets each whole one. Returns the offset after
// the last whole block. A record that names a cell or piece the header rules out is damage.
template <typename F>
size_t read_blocks(Reader& r, const DataHeader& h, const std::string& path, F&& on_block) {
    size_t whole = r.at;
    std::vector<TrainingPosition> block;
    while (r.at < r.data.size()) {
        const uint32_t game = r.u32();
        const unsigned count = r.u16();
        const int result = static_cast<int8_t>(r.u8());
        r.u8();
        block.assign(count, {});
        for (TrainingPosition& p : block) {
            if (!r.has(RECORD_HEAD)) break;
            p.side_to_move = r.u8() ? BLACK : WHITE;
            const unsigned men = r.u8();
            p.score = static_cast<int16_t>(r.u16());
            p.ply = static_cast<uint16_t>(r.u16());
            p.result = static_cast<int8_t>(result);
            for (int i = 0; i < 16; ++i) p.occupied |= Bitboard(r.u8()) << (8 * i);
            if (!r.has(men + static_cast<size_t>(h.extra))) break;
            p.men.assign(r.data.begin() + static_cast<std::ptrdiff_t>(r.at),
                         r.data.begin() + static_cast<std::ptrdiff_t>(r.at + men));
            r.at += men;
            p.extra.assign(r.data.begin() + static_cast<std::ptrdiff_t>(r.at),
                           r.data.begin() + static_cast<std::ptrdiff_t>(r.at) + h.extra);
            r.at += static_cast<size_t>(h.extra);
            const bool bad_cells = h.cells < SQUARE_MAX && (p.occupied >> h.cells) != 0;
            bool bad_men = popcount(p.occupied) != static_cast<int>(men);
            for (Piece m : p.men) bad_men |= type_of(m) >= h.types || color_of(m) >= COLOR_NB;
            if (bad_cells || bad_men)
                throw Error(ErrorKind::File, "data",
                            menagerie::quoted(path) + ": game " + std::to_string(game) +
                                " has a damaged record");
        }
        if (r.short_read) break;
        on_block(game, block);
        whole = r.at;
    }
    return whole;
}

}  // namespace

DataHeader header_of(const Game& game) {
    DataHeader h;
    h.variant = game.name;
    for (const auto& [name, value] : game.options) {
        if (name == "seed") continue;  // a Black Swan game's own: not the data's
        h.options += (h.options.empty() ? "" : " ") + name + "=" + value;
    }
    h.cells = game.geometry.size();
    h.types = static_cast<int>(game.men.types.size());
    h.extra = game.has_chance() ? 2 * TILE_KINDS_MAX : 0;
    return h;
}

TrainingPosition record_of(const Position& pos, int score, int ply) {
    TrainingPosition p;
    p.side_to_move = pos.side_to_move();
    p.score = static_cast<int16_t>(std::clamp(score, -32000, 32000));
    p.ply = static_cast<uint16_t>(std::clamp(ply, 0, 65535));
    p.occupied = pos.pieces();
    for (Bitboard b = p.occupied; b;) p.men.push_back(pos.piece_on(pop_lsb(b)));
    if (pos.game().has_chance())
        for (Color c : {WHITE, BLACK})
            for (uint8_t u : pos.state().chance.unseen[c]) p.extra.push_back(u);
    return p;
}

DataWriter::DataWriter(const std::string& path, const DataHeader& header)
    : path_(path), header_(header) {
    const std::string head = encode_header(header);
    size_t keep = 0;
    if (std::filesystem::exists(path) && std::filesystem::file_size(path) > 0) {
        const std::string data = read_file(path);
        Reader r{data};
        const DataHeader found = parse_header(r, path);
        if (!(found == header))
            throw Error(ErrorKind::File, "--out",
                        menagerie::quoted(path) + " holds data of another game (" + found.variant +
                            (found.options.empty() ? "" : " " + found.options) +
                            "): give another --out");
        keep = read_blocks(r, found, path, [&](uint32_t game, const auto& block) {
            done_.insert(game);
            positions_ += block.size();
        });
        if (keep < data.size()) std::filesystem::resize_file(path, keep);
    }
    out_.open(path, std::ios::binary | std::ios::app);
    if (!out_) throw Error(ErrorKind::File, "--out", "cannot write " + menagerie::quoted(path));
    if (keep == 0) out_ << head << std::flush;
}

void DataWriter::write_game(uint32_t number, int result,
                            const std::vector<TrainingPosition>& positions) {
    // A game's block holds at most 65535 records (a u16); longer games keep their first ones.
    const size_t count = std::min<size_t>(positions.size(), 0xFFFF);
    std::string out;
    put32(out, number);
    put16(out, static_cast<unsigned>(count));
    out += static_cast<char>(static_cast<int8_t>(result));
    out += '\0';
    for (size_t i = 0; i < count; ++i) {
        const TrainingPosition& p = positions[i];
        out += static_cast<char>(p.side_to_move);
        out += static_cast<char>(p.men.size());
        put16(out, static_cast<uint16_t>(p.score));
        put16(out, p.ply);
        for (int b = 0; b < 16; ++b) out += static_cast<char>((p.occupied >> (8 * b)) & 0xFF);
        out.append(p.men.begin(), p.men.end());
        out.append(p.extra.begin(), p.extra.end());
    }
    out_.write(out.data(), static_cast<std::streamsize>(out.size()));
    out_.flush();
    if (!out_) throw Error(ErrorKind::File, "--out", "cannot write " + menagerie::quoted(path_));
    done_.insert(number);
    positions_ += count;
}

DataFile read_data(const std::string& path) {
    DataFile f;
    for_each_game(path, [&](const DataHeader& h, uint32_t game, auto& block) {
        f.header = h;
        f.games.insert(game);
        for (TrainingPosition& p : block) f.positions.push_back(std::move(p));
    });
    if (f.header.variant.empty()) {  // no game: the header alone
        const std::string data = read_file(path);
        Reader r{data};
        f.header = parse_header(r, path);
    }
    return f;
}

void for_each_game(const std::string& path,
                   const std::function<void(const DataHeader&, uint32_t game,
                                            std::vector<TrainingPosition>& positions)>& on_game) {
    const std::string data = read_file(path);
    Reader r{data};
    const DataHeader header = parse_header(r, path);
    read_blocks(r, header, path, [&](uint32_t game, std::vector<TrainingPosition>& block) {
        on_game(header, game, block);
    });
}

std::shared_ptr<const Game> game_of(const DataHeader& header) {
    Options options;
    size_t at = 0;
    while (at < header.options.size()) {
        size_t end = header.options.find(' ', at);
        if (end == std::string::npos) end = header.options.size();
        const std::string kv = header.options.substr(at, end - at);
        const size_t eq = kv.find('=');
        if (eq != std::string::npos) options[kv.substr(0, eq)] = kv.substr(eq + 1);
        at = end + 1;
    }
    return make_game(header.variant, options);
}

Position position_of(const std::shared_ptr<const Game>& game, const TrainingPosition& p) {
    Position pos(game);
    pos.clear();
    p.for_each_man([&](Square s, Piece m) { pos.put(s, m); });
    pos.set_side_to_move(p.side_to_move);
    if (game->has_chance() && p.extra.size() == 2 * TILE_KINDS_MAX)
        for (Color c : {WHITE, BLACK})
            for (int k = 0; k < TILE_KINDS_MAX; ++k)
                pos.root_state().chance.unseen[c][static_cast<size_t>(k)] =
                    p.extra[static_cast<size_t>(c * TILE_KINDS_MAX + k)];
    pos.finish_setup();
    return pos;
}

std::vector<Square> file_mirror(const Geometry& g) {
    std::vector<Square> image;
    for (Square s = 0; s < g.size(); ++s) {
        const Square m = g.at(g.min_file() + g.max_file() - g.cell(s).file, g.cell(s).rank);
        if (m == SQ_NONE) return {};
        image.push_back(m);
    }
    return image;
}

TrainingPosition mirror_files(const TrainingPosition& p, const std::vector<Square>& image) {
    std::vector<std::pair<Square, Piece>> men;
    p.for_each_man([&](Square s, Piece m) { men.emplace_back(image[static_cast<size_t>(s)], m); });
    std::sort(men.begin(), men.end());
    TrainingPosition q = p;
    q.occupied = 0;
    q.men.clear();
    for (const auto& [s, m] : men) q.occupied |= square_bb(s), q.men.push_back(m);
    return q;
}

}  // namespace menagerie::learn
