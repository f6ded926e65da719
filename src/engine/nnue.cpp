#include "engine/nnue.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "core/error.h"
#include "embedded/embedded.h"

namespace menagerie::engine::nnue {

namespace {

constexpr char MAGIC[8] = {'M', 'N', 'G', 'N', 'N', 'U', 'E', '1'};

}  // namespace

std::string family_of(const Game& game) {
    std::string f = game.geometry.id() + ":";
    for (size_t t = 0; t < game.men.types.size(); ++t) f += (t ? "," : "") + game.men.types[t].name;
    return f;
}

FeatureMap::FeatureMap(const Game& game)
    : types(static_cast<int>(game.men.types.size())), cells(game.geometry.size()) {
    const Geometry& g = game.geometry;
    auto turned = [&](Square s) {
        return g.at(g.min_file() + g.max_file() - g.cell(s).file, g.height() - 1 - g.cell(s).rank);
    };
    bool mirror_whole = true;
    for (Square s = 0; s < cells; ++s) mirror_whole &= g.mirror(s) != SQ_NONE;
    for (Square s = 0; s < cells; ++s) {
        Square f = mirror_whole ? g.mirror(s) : turned(s);
        if (f == SQ_NONE) f = s;  // a board with neither symmetry: Black sees it as White does
        flip[static_cast<size_t>(s)] = static_cast<uint8_t>(f);
    }
}

namespace {

void put16(std::string& out, unsigned v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>((v >> 8) & 0xFF);
}

struct Bytes {
    const std::string& data;
    const std::string& source;
    size_t at = 0;
    void need(size_t n) const {
        if (at + n > data.size())
            throw Error(ErrorKind::File, "network",
                        menagerie::quoted(source) + " is cut short: not a whole network");
    }
    unsigned u16() {
        need(2);
        const unsigned v = static_cast<unsigned char>(data[at]) |
                           static_cast<unsigned>(static_cast<unsigned char>(data[at + 1])) << 8;
        at += 2;
        return v;
    }
    uint32_t u32() {
        const uint32_t lo = u16();
        return lo | uint32_t(u16()) << 16;
    }
    std::string text() {
        const unsigned n = u16();
        need(n);
        std::string s = data.substr(at, n);
        at += n;
        return s;
    }
    void int16s(std::vector<int16_t>& out, size_t n) {
        need(2 * n);
        out.resize(n);
        for (size_t i = 0; i < n; ++i) out[i] = static_cast<int16_t>(u16());
    }
};

}  // namespace

Network parse_network(const std::string& bytes, const std::string& source) {
    if (bytes.size() < sizeof MAGIC || bytes.compare(0, sizeof MAGIC, MAGIC, sizeof MAGIC) != 0)
        throw Error(ErrorKind::File, "network",
                    menagerie::quoted(source) + " is not a Menagerie network (no MNGNNUE1)");
    Bytes r{bytes, source, sizeof MAGIC};
    Network net;
    net.family = r.text();
    net.description = r.text();
    net.features = static_cast<int>(r.u32());
    net.hidden = static_cast<int>(r.u16());
    const unsigned kind = r.u16();
    if (kind > 1)
        throw Error(ErrorKind::File, "network",
                    menagerie::quoted(source) + " is of kind " + std::to_string(kind) +
                        ", not 0 (the evaluation) or 1 (a correction of the hand-made one)");
    net.correction = kind == 1;
    const unsigned qa = r.u16(), qb = r.u16(), scale = r.u16();
    if (qa != QA || qb != QB || scale != OUTPUT_SCALE)
        throw Error(ErrorKind::File, "network",
                    menagerie::quoted(source) + " is quantised as " + std::to_string(qa) + "/" +
                        std::to_string(qb) + "/" + std::to_string(scale) + ", not " +
                        std::to_string(QA) + "/" + std::to_string(QB) + "/" +
                        std::to_string(OUTPUT_SCALE));
    if (net.hidden <= 0 || net.hidden > MAX_HIDDEN || net.hidden % 32 || net.features <= 0 ||
        net.features > 2 * PIECE_TYPE_MAX * SQUARE_MAX)
        throw Error(ErrorKind::File, "network",
                    menagerie::quoted(source) + " has " + std::to_string(net.features) +
                        " features and " + std::to_string(net.hidden) +
                        " hidden units: not a shape this program reads (hidden a multiple of 32 "
                        "up to " +
                        std::to_string(MAX_HIDDEN) + ")");
    r.int16s(net.w1, static_cast<size_t>(net.features) * static_cast<size_t>(net.hidden));
    r.int16s(net.b1, static_cast<size_t>(net.hidden));
    r.int16s(net.w2, 2 * static_cast<size_t>(net.hidden));
    net.b2 = static_cast<int32_t>(r.u32());
    if (r.at != bytes.size())
        throw Error(ErrorKind::File, "network",
                    menagerie::quoted(source) + " has " + std::to_string(bytes.size() - r.at) +
                        " bytes after the network");
    return net;
}

std::string serialise(const Network& net) {
    std::string out(MAGIC, sizeof MAGIC);
    put16(out, static_cast<unsigned>(net.family.size()));
    out += net.family;
    put16(out, static_cast<unsigned>(net.description.size()));
    out += net.description;
    put16(out, static_cast<unsigned>(net.features & 0xFFFF));
    put16(out, static_cast<unsigned>(net.features >> 16));
    put16(out, static_cast<unsigned>(net.hidden));
    put16(out, net.correction ? 1 : 0);
    put16(out, QA);
    put16(out, QB);
    put16(out, OUTPUT_SCALE);
    for (const auto* v : {&net.w1, &net.b1, &net.w2})
        for (int16_t x : *v) put16(out, static_cast<uint16_t>(x));
    put16(out, static_cast<uint32_t>(net.b2) & 0xFFFF);
    put16(out, static_cast<uint32_t>(net.b2) >> 16);
    return out;
}

Network load_network(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::File, "network", "cannot read " + menagerie::quoted(path));
    return parse_network(std::string(std::istreambuf_iterator<char>(in), {}), path);
}

std::shared_ptr<const Network> builtin_network(const Game& game) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const Network>> by_family;
    static bool loaded = false;
    std::lock_guard lock(mutex);
    if (!loaded) {
        loaded = true;
        for (const embedded::File& e : embedded::files()) {
            if (!std::string(e.name).ends_with(".nnue")) continue;
            auto net = std::make_shared<Network>(parse_network(std::string(e.text()), e.name));
            by_family[net->family] = std::move(net);
        }
    }
    const auto it = by_family.find(family_of(game));
    return it == by_family.end() ? nullptr : it->second;
}

Evaluator::Evaluator() : entries_(260) {}

void Evaluator::set(std::shared_ptr<const Network> net, const Game& game) {
    for (Entry& e : entries_) e.valid = false;
    if (net && (net->family != family_of(game) || net->features != FeatureMap(game).features()))
        net = nullptr;
    net_ = std::move(net);
    if (net_) map_ = FeatureMap(game);
}

namespace {

void add_row(int16_t* acc, const int16_t* row, int n) {
    for (int i = 0; i < n; ++i) acc[i] = static_cast<int16_t>(acc[i] + row[i]);
}
void sub_row(int16_t* acc, const int16_t* row, int n) {
    for (int i = 0; i < n; ++i) acc[i] = static_cast<int16_t>(acc[i] - row[i]);
}

// Sum over i of clamp(acc[i], 0, QA)^2 * w[i]. Each product clamp * w fits in 16 bits (the
// trainer keeps |w| below 128); pairs of them times the clamped value are summed in 32 bits.
int64_t screlu_dot(const int16_t* acc, const int16_t* w, int n) {
#if defined(__AVX512BW__)
    const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(QA);
    __m512i sum = _mm512_setzero_si512();
    for (int i = 0; i < n; i += 32) {
        const __m512i v = _mm512_min_epi16(
            _mm512_max_epi16(_mm512_load_si512(reinterpret_cast<const void*>(acc + i)), zero), qa);
        const __m512i vw =
            _mm512_mullo_epi16(v, _mm512_loadu_si512(reinterpret_cast<const void*>(w + i)));
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(vw, v));
    }
    alignas(64) int32_t lanes[16];
    _mm512_store_si512(reinterpret_cast<void*>(lanes), sum);
    int64_t total = 0;
    for (int32_t x : lanes) total += x;
    return total;
#elif defined(__AVX2__)
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) {
        const __m256i v = _mm256_min_epi16(
            _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero),
            qa);
        const __m256i vw =
            _mm256_mullo_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
    }
    alignas(32) int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
    int64_t total = 0;
    for (int32_t x : lanes) total += x;
    return total;
#else
    int64_t total = 0;
    for (int i = 0; i < n; ++i) {
        const int32_t v = std::clamp<int32_t>(acc[i], 0, QA);
        total += static_cast<int16_t>(v * w[i]) * v;
    }
    return total;
#endif
}

}  // namespace

void Evaluator::refresh(const Position& pos, Entry& e) const {
    const int h = net_->hidden;
    for (Color p : {WHITE, BLACK}) {
        int16_t* acc = e.acc[p].data();
        std::copy_n(net_->b1.data(), h, acc);
        for (Bitboard b = pos.pieces(); b;) {
            const Square s = pop_lsb(b);
            add_row(acc, &net_->w1[static_cast<size_t>(map_.index(p, pos.piece_on(s), s) * h)], h);
        }
    }
    e.board = pos.board();
    e.valid = true;
}

int Evaluator::output(const Entry& e, Color stm) const {
    const int h = net_->hidden;
    const int64_t sum = screlu_dot(e.acc[stm].data(), net_->w2.data(), h) +
                        screlu_dot(e.acc[~stm].data(), net_->w2.data() + h, h);
    return static_cast<int>((sum / QA + net_->b2) * OUTPUT_SCALE / (QA * QB));
}

int Evaluator::evaluate(const Position& pos, int ply) {
    Entry& e = entries_[static_cast<size_t>(ply)];
    const auto& board = pos.board();
    if (e.valid && e.board == board) return output(e, pos.side_to_move());
    // The nearest ply before with a board known: its accumulators plus the cells that differ.
    const int h = net_->hidden;
    for (int k = ply - 1; k >= 0 && k >= ply - 3; --k) {
        const Entry& from = entries_[static_cast<size_t>(k)];
        if (!from.valid) continue;
        std::array<Square, 8> changed;
        int count = 0;
        for (Square s = 0; s < map_.cells && count <= 8; ++s)
            if (from.board[static_cast<size_t>(s)] != board[static_cast<size_t>(s)]) {
                if (count < 8) changed[static_cast<size_t>(count)] = s;
                ++count;
            }
        if (count > 8) break;
        for (Color p : {WHITE, BLACK}) {
            int16_t* acc = e.acc[p].data();
            std::copy_n(from.acc[p].data(), h, acc);
            for (int i = 0; i < count; ++i) {
                const Square s = changed[static_cast<size_t>(i)];
                const Piece was = from.board[static_cast<size_t>(s)];
                const Piece is = board[static_cast<size_t>(s)];
                if (was != NO_PIECE)
                    sub_row(acc, &net_->w1[static_cast<size_t>(map_.index(p, was, s) * h)], h);
                if (is != NO_PIECE)
                    add_row(acc, &net_->w1[static_cast<size_t>(map_.index(p, is, s) * h)], h);
            }
        }
        e.board = board;
        e.valid = true;
        return output(e, pos.side_to_move());
    }
    refresh(pos, e);
    return output(e, pos.side_to_move());
}

int Evaluator::evaluate_fresh(const Position& pos) const {
    auto e = std::make_unique<Entry>();
    refresh(pos, *e);
    return output(*e, pos.side_to_move());
}

}  // namespace menagerie::engine::nnue
