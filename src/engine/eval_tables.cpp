// What the evaluation derives from a game once: piece values from mobility, piece-square terms
// from the board's shape, the pawn spans. Nothing here names a game, a file or a rank.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/setup.h"
#include "embedded/embedded.h"
#include "engine/eval.h"
#include "engine/nnue.h"
#include "games/blackswan_outcomes.h"

namespace menagerie::engine {

Square white_view(const Geometry& geo, Color c, Square s) {
    if (c == WHITE) return s;
    const Square m = geo.mirror(s);
    return m == SQ_NONE ? s : m;
}

namespace {

// The board density at which mobility is measured: about a middlegame's (20 to 24 men on 64
// cells). Captures are counted as if every man in reach were an enemy.
constexpr double DENSITY = 0.35;
constexpr int SAMPLES = 48;

struct Mobility {
    double average = 0;  // moves per turn, quiet and captures normalised (see below)
    std::array<double, SQUARE_MAX> at{};  // the same, from each cell
};

// A type's mobility on the game's own board: for random occupancies of the given density, the
// quiet moves to empty cells divided by the share of empty cells plus the captures of occupied
// cells divided by the share of occupied ones, halved. For a man that moves and captures alike
// this is the number of cells it reaches; a Cannon's hops count for what they are worth.
Mobility sampled_mobility(const Game& g, int type) {
    const MoveTables& tables = *g.tables;
    const int n = g.geometry.size();
    std::mt19937_64 rng(20251123);
    std::bernoulli_distribution occupied_cell(DENSITY);
    Mobility m;
    std::array<double, SQUARE_MAX> sum{};
    for (int sample = 0; sample < SAMPLES; ++sample) {
        Bitboard occ = 0;
        for (Square s = 0; s < n; ++s)
            if (occupied_cell(rng)) occ |= square_bb(s);
        for (Color c : {WHITE, BLACK}) {
            const PieceMoves& pm = tables.piece(type, c);
            for (Square s = 0; s < n; ++s) {
                const Bitboard others = occ & ~square_bb(s);
                const MoveTables::Reach r = tables.reach(pm, s, others | square_bb(s));
                const double quiet = popcount(r.quiet & ~others & ~square_bb(s));
                const double captures = popcount(r.capture & others);
                const double v = (quiet / (1 - DENSITY) + captures / DENSITY) / 2;
                // Per cell from White's side: Black's cell s is White's mirror.
                sum[white_view(g.geometry, c, s)] += v;
            }
        }
    }
    for (Square s = 0; s < n; ++s) {
        m.at[s] = sum[s] / (2.0 * SAMPLES);
        m.average += m.at[s] / n;
    }
    return m;
}

// Value from mobility. Fitted once to the orthodox men on the 8 x 8 board (knight 3.2, bishop
// 3.3, rook 5, queen 9.5 pawns): value = 100 * A * m^P. Long-range men gain more from each cell
// of reach because they act at a distance; the power captures that.
constexpr double VALUE_A = 0.445, VALUE_P = 1.19;
int value_from_mobility(double m) {
    return static_cast<int>(std::lround(100 * VALUE_A * std::pow(m, VALUE_P)));
}

}  // namespace

const EvalWeights DEFAULT_WEIGHTS = {
    .pawn_mg = 90,
    .pawn_eg = 120,
    .mobility_mg = 100,
    .mobility_eg = 120,
    .cell_mg = 60,
    .cell_eg = 40,
    .king_row_mg = 12,
    .king_centre_eg = 12,
    .pawn_step_mg = 3,
    .pawn_central_mg = 4,
    .pawn_step_eg = 8,
    .attack_value = 100,
    .attack_cell = 6,
    .check_value = 100,
    .safe_check = 10,
    .shield = 8,
    .shelter_open = 0,
    .storm = 0,
    .king_pawn_eg = 0,
    .threat_mg = 20,
    .threat_eg = 15,
    .threat_value_mg = 60,
    .threat_value_eg = 40,
    .hanging_mg = 50,
    .hanging_eg = 30,
    .hanging_pawn_mg = 10,
    .hanging_pawn_eg = 15,
    .pawn_attacked_mg = 40,
    .pawn_attacked_eg = 30,
    .push_threat_mg = 0,
    .push_threat_eg = 0,
    .restricted_mg = 0,
    .restricted_eg = 0,
    .rook_open_mg = 25,
    .rook_open_eg = 10,
    .rook_semi_mg = 12,
    .rook_semi_eg = 6,
    .bishop_pair_mg = 30,
    .bishop_pair_eg = 45,
    .passed_mg = 5,
    .passed_mg2 = 3,
    .passed_eg = 10,
    .passed_eg1 = 8,
    .passed_eg2 = 4,
    .passer_their_king = 5,
    .passer_own_king = 2,
    .passer_free_mg = 4,
    .passer_free_eg = 8,
    .passer_path_mg = 8,
    .passer_path_eg = 16,
    .doubled_mg = 10,
    .doubled_eg = 20,
    .isolated_mg = 10,
    .isolated_eg = 15,
    .outpost_mg = 24,
    .outpost_eg = 12,
    .behind_pawn_mg = 0,
    .behind_pawn_eg = 0,
    .bishop_pawns_mg = 0,
    .bishop_pawns_eg = 0,
    .opposite_bishops = 32,
    .complexity_pawn = 0,
    .complexity_passed = 0,
    .complexity_flanks = 0,
    .complexity_pawn_ending = 0,
    .complexity_base = 0,
    .scale_drop = 0,
    .scale_pawn = 0,
    .tempo = 12,
};

const std::array<WeightField, 69> WEIGHT_FIELDS = {{
    {"pawn_mg", &EvalWeights::pawn_mg},
    {"pawn_eg", &EvalWeights::pawn_eg},
    {"mobility_mg", &EvalWeights::mobility_mg},
    {"mobility_eg", &EvalWeights::mobility_eg},
    {"cell_mg", &EvalWeights::cell_mg},
    {"cell_eg", &EvalWeights::cell_eg},
    {"king_row_mg", &EvalWeights::king_row_mg},
    {"king_centre_eg", &EvalWeights::king_centre_eg},
    {"pawn_step_mg", &EvalWeights::pawn_step_mg},
    {"pawn_central_mg", &EvalWeights::pawn_central_mg},
    {"pawn_step_eg", &EvalWeights::pawn_step_eg},
    {"attack_value", &EvalWeights::attack_value},
    {"attack_cell", &EvalWeights::attack_cell},
    {"check_value", &EvalWeights::check_value},
    {"safe_check", &EvalWeights::safe_check},
    {"shield", &EvalWeights::shield},
    {"shelter_open", &EvalWeights::shelter_open},
    {"storm", &EvalWeights::storm},
    {"king_pawn_eg", &EvalWeights::king_pawn_eg},
    {"threat_mg", &EvalWeights::threat_mg},
    {"threat_eg", &EvalWeights::threat_eg},
    {"threat_value_mg", &EvalWeights::threat_value_mg},
    {"threat_value_eg", &EvalWeights::threat_value_eg},
    {"hanging_mg", &EvalWeights::hanging_mg},
    {"hanging_eg", &EvalWeights::hanging_eg},
    {"hanging_pawn_mg", &EvalWeights::hanging_pawn_mg},
    {"hanging_pawn_eg", &EvalWeights::hanging_pawn_eg},
    {"pawn_attacked_mg", &EvalWeights::pawn_attacked_mg},
    {"pawn_attacked_eg", &EvalWeights::pawn_attacked_eg},
    {"push_threat_mg", &EvalWeights::push_threat_mg},
    {"push_threat_eg", &EvalWeights::push_threat_eg},
    {"restricted_mg", &EvalWeights::restricted_mg},
    {"restricted_eg", &EvalWeights::restricted_eg},
    {"rook_open_mg", &EvalWeights::rook_open_mg},
    {"rook_open_eg", &EvalWeights::rook_open_eg},
    {"rook_semi_mg", &EvalWeights::rook_semi_mg},
    {"rook_semi_eg", &EvalWeights::rook_semi_eg},
    {"bishop_pair_mg", &EvalWeights::bishop_pair_mg},
    {"bishop_pair_eg", &EvalWeights::bishop_pair_eg},
    {"passed_mg", &EvalWeights::passed_mg},
    {"passed_mg2", &EvalWeights::passed_mg2},
    {"passed_eg", &EvalWeights::passed_eg},
    {"passed_eg1", &EvalWeights::passed_eg1},
    {"passed_eg2", &EvalWeights::passed_eg2},
    {"passer_their_king", &EvalWeights::passer_their_king},
    {"passer_own_king", &EvalWeights::passer_own_king},
    {"passer_free_mg", &EvalWeights::passer_free_mg},
    {"passer_free_eg", &EvalWeights::passer_free_eg},
    {"passer_path_mg", &EvalWeights::passer_path_mg},
    {"passer_path_eg", &EvalWeights::passer_path_eg},
    {"doubled_mg", &EvalWeights::doubled_mg},
    {"doubled_eg", &EvalWeights::doubled_eg},
    {"isolated_mg", &EvalWeights::isolated_mg},
    {"isolated_eg", &EvalWeights::isolated_eg},
    {"outpost_mg", &EvalWeights::outpost_mg},
    {"outpost_eg", &EvalWeights::outpost_eg},
    {"behind_pawn_mg", &EvalWeights::behind_pawn_mg},
    {"behind_pawn_eg", &EvalWeights::behind_pawn_eg},
    {"bishop_pawns_mg", &EvalWeights::bishop_pawns_mg},
    {"bishop_pawns_eg", &EvalWeights::bishop_pawns_eg},
    {"opposite_bishops", &EvalWeights::opposite_bishops},
    {"complexity_pawn", &EvalWeights::complexity_pawn},
    {"complexity_passed", &EvalWeights::complexity_passed},
    {"complexity_flanks", &EvalWeights::complexity_flanks},
    {"complexity_pawn_ending", &EvalWeights::complexity_pawn_ending},
    {"complexity_base", &EvalWeights::complexity_base},
    {"scale_drop", &EvalWeights::scale_drop},
    {"scale_pawn", &EvalWeights::scale_pawn},
    {"tempo", &EvalWeights::tempo},
}};
static_assert(sizeof(EvalWeights) == WEIGHT_FIELDS.size() * sizeof(int),
              "every weight has its name in WEIGHT_FIELDS");

namespace {

// The offsets' kinds, with the words that follow the kind on a line (before MG EG). NUMBER words
// must be whole numbers.
struct OffsetKind {
    const char* name;
    std::array<const char*, 2> words;
};
constexpr std::array<OffsetKind, 8> OFFSET_KINDS{{{"value", {"TYPE", nullptr}},
                                                  {"cell", {"TYPE", "CELL"}},
                                                  {"mobility", {"TYPE", "MOVES"}},
                                                  {"king_attack", {"MEN", "MOVES"}},
                                                  {"passer", {"CELL", nullptr}},
                                                  {"threat", {"TYPE", "VICTIM"}},
                                                  {"pawns", {"TYPE", "COUNT"}},
                                                  {"defended", {"TYPE", nullptr}}}};
bool numeric(const char* word) {
    return std::string_view(word) == "MOVES" || std::string_view(word) == "MEN" ||
           std::string_view(word) == "COUNT";
}

}  // namespace

FittedTerms read_terms(const std::string& path, const std::string& field) {
    std::ifstream in(path);
    if (!in) throw Error(ErrorKind::File, field, "cannot read " + menagerie::quoted(path));
    return parse_terms(std::string(std::istreambuf_iterator<char>(in), {}), path);
}

FittedTerms parse_terms(const std::string& text, const std::string& source) {
    FittedTerms t;
    t.weights = DEFAULT_WEIGHTS;
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string key;
        words >> key;
        auto fail = [&](const std::string& why) {
            throw Error(ErrorKind::File, "terms",
                        source + " line " + std::to_string(number) + ": " + why);
        };
        const auto kind = std::find_if(OFFSET_KINDS.begin(), OFFSET_KINDS.end(),
                                       [&](const OffsetKind& k) { return key == k.name; });
        if (key == "family") {
            words >> t.family;
        } else if (kind != OFFSET_KINDS.end()) {
            std::string expected = "expected: " + key, name = key;
            bool ok = true;
            for (const char* w : kind->words) {
                if (!w) continue;
                expected += std::string(" ") + w;
                std::string word;
                ok = ok && static_cast<bool>(words >> word);
                if (ok && numeric(w)) {
                    int value = 0;
                    const auto [end, error] =
                        std::from_chars(word.data(), word.data() + word.size(), value);
                    ok = error == std::errc{} && end == word.data() + word.size();
                }
                name += " " + word;
            }
            int mg = 0, eg = 0;
            if (!ok || !(words >> mg >> eg)) fail(expected + " MG EG");
            t.offsets[name] = {mg, eg};
        } else {
            const auto it = std::find_if(WEIGHT_FIELDS.begin(), WEIGHT_FIELDS.end(),
                                         [&](const WeightField& f) { return key == f.name; });
            int v = 0;
            if (it == WEIGHT_FIELDS.end()) fail("unknown weight " + menagerie::quoted(key));
            if (!(words >> v)) fail("expected a whole number after " + key);
            t.weights.*(it->field) = v;
        }
    }
    if (t.family.empty()) throw Error(ErrorKind::File, "terms", source + " names no family");
    return t;
}

std::string write_terms(const FittedTerms& t) {
    std::ostringstream out;
    out << "family " << t.family << "\n";
    for (const WeightField& f : WEIGHT_FIELDS) out << f.name << " " << t.weights.*(f.field) << "\n";
    for (const auto& [name, v] : t.offsets)
        out << name << " " << v.first << " " << v.second << "\n";
    return out.str();
}

namespace {

// Steps a pawn of colour c on s has made from its nearest home cell, along its quiet steps.
void pawn_spans(const Game& g, EvalTables& t) {
    const MoveTables& tables = *g.tables;
    const int n = g.geometry.size();
    for (Color c : {WHITE, BLACK}) {
        const PieceMoves& pm = tables.piece(g.men.pawn, c);
        for (Square s = 0; s < n; ++s) {
            Bitboard file = 0, span = 0;
            for (Bitboard frontier = pm.quiet[s]; frontier;) {
                file |= frontier;
                Bitboard next = 0;
                for (Bitboard b = frontier; b;) next |= pm.quiet[pop_lsb(b)];
                frontier = next & ~file;
            }
            for (Bitboard b = file | square_bb(s); b;) {
                const Square x = pop_lsb(b);
                span |= pm.capture[x];
            }
            t.front_file[c][s] = file;
            t.front_span[c][s] = file | span;
            // Cells guarding a king on s: the pawn's own step and captures from s, and one row on.
            Bitboard guard = pm.quiet[s] | pm.capture[s], more = 0;
            for (Bitboard b = guard; b;) more |= pm.quiet[pop_lsb(b)];
            t.shield[c][s] = guard | more;
        }
        // Advance: 0 on the double-step zone (home) or behind it, counted in quiet steps.
        std::array<int, SQUARE_MAX> dist;
        dist.fill(-1);
        Bitboard frontier = g.zones.double_step[c], seen = frontier;
        if (!frontier) frontier = seen = g.zones.back_rank[c];
        for (int d = 0; frontier; ++d) {
            Bitboard next = 0;
            for (Bitboard b = frontier; b;) {
                const Square s = pop_lsb(b);
                dist[s] = d;
                next |= pm.quiet[s];
            }
            frontier = next & ~seen;
            seen |= next;
        }
        for (Square s = 0; s < n; ++s) t.advance[c][s] = static_cast<int8_t>(std::max(0, dist[s]));
    }
    for (Square s = 0; s < n; ++s)
        for (Square x = 0; x < n; ++x)
            if (std::abs(g.geometry.cell(x).file - g.geometry.cell(s).file) == 1)
                t.adjacent_files[s] |= square_bb(x);
}

// A player's view of hidden swans: how much of a tile's value a swan counts by its distance to
// its reveal zone: every step still to make is a tempo, and a blocked swan may never get there.
void swan_shares(const Game& g, EvalTables& t) {
    if (!g.has_chance() || g.chance.identities_known()) return;
    const int n = g.geometry.size();
    for (Color c : {WHITE, BLACK}) {
        const PieceMoves& pm = g.tables->piece(g.chance.first_hidden, c);
        for (Square s = 0; s < n; ++s) {
            int steps = 0;
            Bitboard at = square_bb(s);
            while (!(at & g.chance.reveal_zone[c]) && at && steps < 6) {
                Bitboard next = 0;
                for (Bitboard b = at; b;) next |= pm.quiet[pop_lsb(b)];
                at = next, ++steps;
            }
            const int share = at & g.chance.reveal_zone[c] ? 100 - 8 * std::max(steps - 1, 0) : 50;
            t.swan_share[c][s] = static_cast<int8_t>(std::clamp(share, 50, 100));
        }
    }
}

// What each tile kind is worth on average: the pieces it brings, by their probabilities in the
// rules library, at the values in force.
void swan_tiles(const Game& g, EvalTables& t) {
    if (!g.has_chance() || g.chance.identities_known()) return;
    t.swan = g.chance.first_hidden;
    for (int tile = 0; tile < TILE_KINDS_MAX; ++tile) {
        std::array<uint8_t, TILE_KINDS_MAX> only{};
        only[static_cast<size_t>(tile)] = 1;
        double mg = 0, eg = 0;
        for (const auto& o : blackswan::outcome_probabilities(MoveKind::Normal, only)) {
            const Draw d = g.chance.decode(MoveKind::Normal, o.outcome);
            for (int i = 0; i < d.count; ++i) {
                const int type = d.types[static_cast<size_t>(i)];
                mg += o.probability * t.value_mg[type];
                eg += o.probability * t.value_eg[type];
            }
        }
        t.tile_mg[static_cast<size_t>(tile)] = static_cast<int>(std::lround(mg));
        t.tile_eg[static_cast<size_t>(tile)] = static_cast<int>(std::lround(eg));
    }
}

// The game phase's bounds from the non-pawn material of the start (or of the first setup), at
// the values in force.
void phase_bounds(EvalTables& t) {
    const Game& g = *t.game;
    int start_material = 0;
    try {
        const Position start =
            has_fixed_start(g) ? start_position(t.game) : setup_position(t.game, 0);
        for (Bitboard b = start.pieces(); b;) {
            const int type = type_of(start.piece_on(pop_lsb(b)));
            if (type == t.swan) {
                // A face-down swan: the average value of the side's unseen tiles.
                int count = 0, value = 0;
                for (int k = 0; k < TILE_KINDS_MAX; ++k) {
                    const int u = start.state().chance.unseen[WHITE][static_cast<size_t>(k)];
                    count += u, value += u * t.tile_mg[static_cast<size_t>(k)];
                }
                start_material += count ? value / count : t.value_mg[type];
            } else if (type != g.men.pawn && type != g.men.king) {
                start_material += t.value_mg[type];
            }
        }
    } catch (const std::exception&) {
        start_material = 6000;
    }
    start_material = std::max(start_material, 1000);
    t.phase_full = start_material * 85 / 100;
    t.phase_end = start_material * 20 / 100;
}

std::shared_ptr<EvalTables> build(const std::shared_ptr<const Game>& game) {
    auto t = std::make_shared<EvalTables>();
    const Game& g = *game;
    const Geometry& geo = g.geometry;
    const int n = geo.size();
    t->game = game;
    if (g.men.pawn >= 0) pawn_spans(g, *t);

    // The board's centre (mean of cell coordinates) and each cell's distance from it.
    double cf = 0, cr = 0;
    for (Square s = 0; s < n; ++s) cf += geo.cell(s).file, cr += geo.cell(s).rank;
    cf /= n, cr /= n;
    auto centre_distance = [&](Square s) {
        return std::max(std::abs(geo.cell(s).file - cf), std::abs(geo.cell(s).rank - cr));
    };
    double mean_distance = 0;
    for (Square s = 0; s < n; ++s) mean_distance += centre_distance(s) / n;
    // Rows from the own back rank, in king steps.
    std::array<std::array<int, SQUARE_MAX>, COLOR_NB> from_home{};
    for (Color c : {WHITE, BLACK}) {
        from_home[c].fill(0);
        Bitboard frontier = g.zones.back_rank[c], seen = frontier;
        for (int d = 0; frontier; ++d) {
            Bitboard next = 0;
            for (Bitboard b = frontier; b;) {
                const Square s = pop_lsb(b);
                from_home[c][s] = d;
                for (int dir = 0; dir < DIRECTION_NB; ++dir) next |= geo.step(s, Direction(dir));
            }
            frontier = next & ~seen;
            seen |= next;
        }
    }

    for (Square s = 0; s < n; ++s) {
        for (Color c : {WHITE, BLACK})
            if (from_home[c][s] >= 3 && from_home[~c][s] >= 1) t->outpost_zone[c] |= square_bb(s);
        if (geo.cell(s).colour == CellColour::Light) t->light_cells |= square_bb(s);
        if (geo.cell(s).colour == CellColour::Dark) t->dark_cells |= square_bb(s);
        if (geo.cell(s).file < cf) t->west_cells |= square_bb(s);
    }
    for (Square w = 0; w < n; ++w) {
        t->basis.king_rows[w] = from_home[WHITE][w];
        t->basis.king_centre[w] = centre_distance(w) - mean_distance;
        t->basis.pawn_central[w] = mean_distance - std::abs(geo.cell(w).file - cf);
    }
    for (int type = 0; type < static_cast<int>(g.men.types.size()); ++type) {
        const PieceType& pt = g.men.types[type];
        const Mobility m = sampled_mobility(g, type);
        t->sampled_mobility[type] = m.average;
        t->average_moves16[type] = static_cast<int>(std::lround(16 * m.average));
        int mg = 0, eg = 0;
        if (!pt.royal && !pt.pawn) {
            // Mobility misjudges some shapes (a Man's eight steps are slow to cross a board; a
            // Griffin's bent rides are hard to count by reach alone), so the derived value is
            // averaged with the piece table's value, a human prior for the same piece.
            const int derived = value_from_mobility(m.average);
            mg = pt.value > 0 ? (derived + pt.value + 1) / 2 : derived;
            eg = mg + mg / 10;  // long-range men matter more with fewer men in the way
        }
        t->basis.value_mg[type] = mg, t->basis.value_eg[type] = eg;
        t->outpost_type[type] = !pt.royal && !pt.pawn && mg < 400;
        // Each move above the type's average is worth about the same share of its value for
        // every type: a knight gains more from one more cell than a queen does.
        t->basis.per_move[type] = pt.royal || pt.pawn ? 0 : 40.0 / std::max(m.average, 2.0);
        // Where the man reaches more, it is worth more: the expected reach from the cell
        // against the type's average.
        for (Square w = 0; w < n; ++w) t->basis.extra_reach[type][w] = m.at[w] - m.average;
    }
    if (const FittedTerms* fitted = builtin_terms(g))
        apply_terms(*t, *fitted);
    else
        apply_weights(*t, DEFAULT_WEIGHTS);
    swan_shares(g, *t);
    for (Square s = 0; s < n; ++s) {
        Bitboard zone = square_bb(s);
        for (int dir = 0; dir < DIRECTION_NB; ++dir) zone |= geo.step(s, Direction(dir));
        t->king_zone[s] = zone;
    }
    for (Square s = 0; s < n; ++s) {
        t->king_distance[s].fill(15);
        Bitboard frontier = square_bb(s), seen = frontier;
        for (int d = 0; frontier && d < 15; ++d) {
            Bitboard next = 0;
            for (Bitboard b = frontier; b;) {
                const Square x = pop_lsb(b);
                t->king_distance[s][x] = static_cast<int8_t>(d);
                for (int dir = 0; dir < DIRECTION_NB; ++dir) next |= geo.step(x, Direction(dir));
            }
            frontier = next & ~seen;
            seen |= next;
        }
    }
    if (g.men.pawn >= 0)
        for (Color c : {WHITE, BLACK})
            for (Square s = 0; s < n; ++s) {
                auto& files = t->shelter_files[c][s];
                files[0] = t->front_file[c][s];
                for (const Direction side : {EAST, WEST})
                    for (Bitboard b = geo.step(s, side); b;)
                        files[side == EAST ? 1 : 2] |= t->front_file[c][pop_lsb(b)];
                Bitboard near = 0;
                for (Square x = 0; x < n; ++x)
                    if (t->king_distance[s][x] <= 3) near |= square_bb(x);
                t->storm_zone[c][s] = (files[0] | files[1] | files[2]) & near;
                t->step_ahead[c][s] = t->front_file[c][s] & t->king_zone[s];
            }

    return t;
}

}  // namespace

void apply_weights(EvalTables& t, const EvalWeights& w) {
    t.w = w;
    const Game& g = *t.game;
    const int n = g.geometry.size();
    for (int type = 0; type < static_cast<int>(g.men.types.size()); ++type) {
        const PieceType& pt = g.men.types[type];
        const auto& b = t.basis;
        t.value_mg[type] = b.value_mg[type] + t.offset_mg[type] + (pt.pawn ? w.pawn_mg : 0);
        t.value_eg[type] = b.value_eg[type] + t.offset_eg[type] + (pt.pawn ? w.pawn_eg : 0);
        const double per_move = b.per_move[type];
        t.mobility_mg[type] =
            static_cast<int>(std::lround(16 * per_move * (w.mobility_mg / 100.0)));
        t.mobility_eg[type] =
            static_cast<int>(std::lround(16 * per_move * (w.mobility_eg / 100.0)));
        for (int moves = 0; moves <= SQUARE_MAX; ++moves) {
            const int moves16 = 16 * moves - t.average_moves16[type];
            t.mobility_term_mg[type][moves] = static_cast<int16_t>(
                moves16 * t.mobility_mg[type] / 256 + t.mobility_offset_mg[type][moves]);
            t.mobility_term_eg[type][moves] = static_cast<int16_t>(
                moves16 * t.mobility_eg[type] / 256 + t.mobility_offset_eg[type][moves]);
        }
        const int base = pt.royal || pt.pawn ? 0 : b.value_mg[type];
        t.attack_weight[type] = base * w.attack_value / 1600;
        t.check_weight[type] = base * w.check_value / 1600 + w.safe_check;
        t.threat_mg[type] = w.threat_mg + t.value_mg[type] * w.threat_value_mg / 1200;
        t.threat_eg[type] = w.threat_eg + t.value_eg[type] * w.threat_value_eg / 1200;
        for (Color c : {WHITE, BLACK}) {
            const Piece p = make_piece_code(c, type);
            for (Square s = 0; s < n; ++s) {
                // Terms are defined from White's side; Black's cell s reads White's mirror.
                const Square x = white_view(g.geometry, c, s);
                int pmg = 0, peg = 0;
                if (pt.royal) {
                    pmg = -w.king_row_mg * std::min(b.king_rows[x], 3);
                    peg = static_cast<int>(std::lround(-w.king_centre_eg * b.king_centre[x]));
                } else if (pt.pawn) {
                    const int adv = t.advance[WHITE][x];
                    pmg = w.pawn_step_mg * adv +
                          static_cast<int>(
                              std::lround(w.pawn_central_mg * b.pawn_central[x] * (adv > 0)));
                    peg = w.pawn_step_eg * adv;
                } else {
                    pmg = static_cast<int>(
                        std::lround(per_move * (w.cell_mg / 100.0) * b.extra_reach[type][x]));
                    peg = static_cast<int>(
                        std::lround(per_move * (w.cell_eg / 100.0) * b.extra_reach[type][x]));
                }
                t.psq_mg[p][s] =
                    static_cast<int16_t>(t.value_mg[type] + pmg + t.cell_offset_mg[type][x]);
                t.psq_eg[p][s] =
                    static_cast<int16_t>(t.value_eg[type] + peg + t.cell_offset_eg[type][x]);
            }
        }
    }
    // What follows from the values, so that terms read from a file (EvalTerms) or tried by the
    // fitter count a face-down swan and the phase as the same terms built in do.
    swan_tiles(g, t);
    phase_bounds(t);
}

void apply_terms(EvalTables& t, const FittedTerms& terms) {
    const Game& g = *t.game;
    const int types = static_cast<int>(g.men.types.size());
    auto type_named = [&](const std::string& name) {
        for (int type = 0; type < types; ++type)
            if (g.men.types[type].name == name) return type;
        throw Error(ErrorKind::File, "terms",
                    g.name + " has no piece type " + menagerie::quoted(name));
    };
    auto cell_named = [&](const std::string& name) {
        const Square s = g.geometry.find(name);
        if (s == SQ_NONE)
            throw Error(ErrorKind::File, "terms",
                        g.name + "'s board has no cell " + menagerie::quoted(name));
        return s;
    };
    t.offset_mg.fill(0), t.offset_eg.fill(0);
    for (auto* table : {&t.cell_offset_mg, &t.cell_offset_eg})
        for (auto& row : *table) row.fill(0);
    for (auto* table : {&t.mobility_offset_mg, &t.mobility_offset_eg})
        for (auto& row : *table) row.fill(0);
    for (auto* table : {&t.king_attack_mg, &t.king_attack_eg})
        for (auto& row : *table) row.fill(0);
    for (auto* table : {&t.threat_pair_mg, &t.threat_pair_eg})
        for (auto& row : *table) row.fill(0);
    for (auto* table : {&t.pawns_mg, &t.pawns_eg})
        for (auto& row : *table) row.fill(0);
    t.defended_mg.fill(0), t.defended_eg.fill(0);
    std::array<std::pair<int16_t, int16_t>, SQUARE_MAX> passers{};  // from White's side
    for (const auto& offset : terms.offsets) {
        const std::string& name = offset.first;  // (lambdas below capture it: no binding)
        const std::pair<int, int>& v = offset.second;
        std::istringstream words(name);
        std::string kind, a, b;
        words >> kind >> a >> b;
        const auto mg = static_cast<int16_t>(v.first), eg = static_cast<int16_t>(v.second);
        // A count in [0, last], or an error naming the line.
        auto count = [&](const std::string& word, int last) {
            const int n = std::atoi(word.c_str());
            if (n < 0 || n > last)
                throw Error(ErrorKind::File, "terms",
                            menagerie::quoted(name) + ": " + word + " is more than " + g.name +
                                " can count there (at most " + std::to_string(last) + ")");
            return n;
        };
        if (kind == "value") {
            const int type = type_named(a);
            t.offset_mg[type] = mg, t.offset_eg[type] = eg;
        } else if (kind == "cell") {
            const int type = type_named(a);
            const Square s = cell_named(b);
            t.cell_offset_mg[type][s] = mg, t.cell_offset_eg[type][s] = eg;
        } else if (kind == "mobility") {
            const int type = type_named(a), moves = count(b, g.geometry.size());
            t.mobility_offset_mg[type][moves] = mg, t.mobility_offset_eg[type][moves] = eg;
        } else if (kind == "king_attack") {
            const int men = count(a, KING_ATTACKERS - 1), moves = count(b, KING_HITS - 1);
            t.king_attack_mg[men][moves] = mg, t.king_attack_eg[men][moves] = eg;
        } else if (kind == "passer") {
            passers[cell_named(a)] = {mg, eg};
        } else if (kind == "threat") {
            const int type = type_named(a), victim = type_named(b);
            t.threat_pair_mg[type][victim] = mg, t.threat_pair_eg[type][victim] = eg;
        } else if (kind == "pawns") {
            const int type = type_named(a), pawns = count(b, PAWNS_MAX);
            t.pawns_mg[type][pawns] = mg, t.pawns_eg[type][pawns] = eg;
        } else if (kind == "defended") {
            const int type = type_named(a);
            t.defended_mg[type] = mg, t.defended_eg[type] = eg;
        } else {
            throw Error(ErrorKind::File, "terms",
                        "no offset of the kind " + menagerie::quoted(kind));
        }
    }
    for (Color c : {WHITE, BLACK})
        for (Square s = 0; s < g.geometry.size(); ++s) {
            const auto& [mg, eg] = passers[white_view(g.geometry, c, s)];
            t.passer_offset_mg[c][s] = mg, t.passer_offset_eg[c][s] = eg;
        }
    apply_weights(t, terms.weights);
}

const FittedTerms* builtin_terms(const Game& game) {
    static const std::map<std::string, FittedTerms> by_family = [] {
        std::map<std::string, FittedTerms> out;
        for (const embedded::File& f : embedded::files()) {
            const std::string name = f.name;
            if (!name.ends_with(".terms")) continue;
            FittedTerms t = parse_terms(std::string(f.text()), name);
            out[t.family] = std::move(t);
        }
        return out;
    }();
    const auto it = by_family.find(nnue::family_of(game));
    return it == by_family.end() ? nullptr : &it->second;
}

std::shared_ptr<const EvalTables> eval_tables(const std::shared_ptr<const Game>& game) {
    static std::mutex mutex;
    static std::map<const Game*, std::shared_ptr<const EvalTables>> cache;
    std::lock_guard lock(mutex);
    if (cache.size() > 32) cache.clear();  // games made per request must not pile up
    auto& slot = cache[game.get()];
    if (!slot || slot->game != game) slot = build(game);
    return slot;
}

}  // namespace menagerie::engine
