#include "server/analyses.h"

#include <boost/asio/post.hpp>

#include "core/outcome.h"
#include "core/record.h"
#include "games/games.h"
#include "notation/move_text.h"
#include "server/api_error.h"
#include "server/catalogue.h"
#include "server/game_requests.h"
#include "server/game_view.h"
#include "server/json_fields.h"
#include "server/move_searcher.h"
#include "server/refereed.h"

namespace menagerie::server {

using nlohmann::json;

// One analysis request, from the moment it is accepted until it answers.
struct Analysis {
    std::mutex mutex;
    bool replaced = false;             // a newer analysis of its session came
    MoveSearcher* searcher = nullptr;  // while it searches
    std::string session;
};

namespace {

constexpr size_t MAX_MOVES = 2000;  // an analysis request's moves

}  // namespace

Analyses::Analyses(int threads)
    : pool_(static_cast<size_t>(std::max(threads, 1))),
      limit_(std::max(threads, 1) * ANALYSES_PER_THREAD) {}

Analyses::~Analyses() {
    stop_searching();
    drain();
}

void Analyses::stop_searching() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const std::shared_ptr<Analysis>& analysis : running_) {
        std::lock_guard analysis_lock(analysis->mutex);
        analysis->replaced = true;
        if (analysis->searcher) analysis->searcher->stop();
    }
}

// Not stopped but drained: every analysis accepted answers (503), none searches any more.
void Analyses::drain() { pool_.join(); }

void Analyses::analyse(const json& body, std::function<void(int, json)> reply) {
    json_object(body, "the request body");
    only_fields(body,
                {"variant", "options", "fen", "setup", "moves", "depth", "movetime_ms", "session"},
                "the request body");
    const std::string variant = *string_field(body, "variant", 64, true);
    const std::shared_ptr<const Game> game = game_named(variant, options_field(body));
    if (is_refereed(*game))
        throw ApiError(400, "the engine analyses " + variant +
                                " only on the player's view: give the option view=player");
    const std::optional<std::string> fen = string_field(body, "fen", 4096),
                                     setup = string_field(body, "setup", 64);
    if (fen && setup) throw ApiError(400, "give \"fen\" or \"setup\", not both");
    std::optional<std::string> ignored;
    const Position start = requested_start(game, fen, setup, ignored, false);
    std::vector<Move> moves;
    if (const auto m = body.find("moves"); m != body.end() && !m->is_null()) {
        if (!m->is_array() || m->size() > MAX_MOVES)
            throw ApiError(400, "the field \"moves\" must be a list of at most " +
                                    std::to_string(MAX_MOVES) + " moves");
        GameRecord record(start);
        for (size_t i = 0; i < m->size(); ++i) {
            if (!(*m)[i].is_string()) throw ApiError(400, "every move must be a string");
            try {
                const std::string text = (*m)[i].get<std::string>();
                if (const auto keep = implicit_keep(record.position(), text)) {
                    record.play(*keep);
                    moves.push_back(*keep);
                }
                const Move move = parse_move_text(record.position(), text);
                record.play(move);
                moves.push_back(move);
            } catch (const ApiError& e) {
                throw ApiError(400, "move " + std::to_string(i + 1) + ": " + e.what());
            }
        }
    }
    SearchLimits limits;
    limits.depth = static_cast<int>(int_field(body, "depth", 1, 64).value_or(0));
    limits.movetime_ms =
        static_cast<int>(int_field(body, "movetime_ms", 1, ANALYSIS_MAX_MS).value_or(0));
    if (!limits.movetime_ms) limits.movetime_ms = limits.depth ? ANALYSIS_MAX_MS : 1000;
    const std::optional<std::string> session = string_field(body, "session", 64);

    auto analysis = std::make_shared<Analysis>();
    {
        std::lock_guard lock(mutex_);
        if (session) {
            // The session's earlier analysis is stale: it stops and answers 409.
            if (const auto it = sessions_.find(*session); it != sessions_.end()) {
                std::lock_guard analysis_lock(it->second->mutex);
                it->second->replaced = true;
                if (it->second->searcher) it->second->searcher->stop();
            }
        }
        if (stopping_) throw ApiError(503, "the server is stopping");
        // A replaced analysis is about to end: it no longer counts.
        size_t live = 0;
        for (const std::shared_ptr<Analysis>& a : running_) {
            std::lock_guard analysis_lock(a->mutex);
            live += !a->replaced;
        }
        if (live >= static_cast<size_t>(limit_))
            throw ApiError(503, "the engine is busy with " + std::to_string(live) +
                                    " analyses: try again shortly");
        running_.insert(analysis);
        if (session) {
            analysis->session = *session;
            sessions_[*session] = analysis;
        }
    }
    boost::asio::post(pool_, [this, analysis, start, moves, limits, reply = std::move(reply)] {
        int status = 200;
        json out;
        try {
            GameRecord record(start);
            for (Move m : moves) record.play(m);
            // Where the game is over there is nothing to search: the answer says how it
            // ended, with the side to move's score (mated, or a draw).
            const Outcome ended = outcome(record.position());
            MoveSearcher& searcher = worker_searcher();
            {
                std::lock_guard lock(analysis->mutex);
                if (!analysis->replaced && ended.result == Result::Ongoing)
                    analysis->searcher = &searcher;
            }
            SearchReport report;
            if (analysis->searcher) report = searcher.search(start, moves, limits);
            std::lock_guard lock(analysis->mutex);
            analysis->searcher = nullptr;
            if (analysis->replaced && stopping_) throw ApiError(503, "the server is stopping");
            if (analysis->replaced)
                throw ApiError(409, "the analysis was replaced by a newer one of its session");
            if (ended.result != Result::Ongoing) {
                report = {};
                if (ended.result == Result::Draw)
                    report.score_cp = 0;
                else
                    report.mate = 0;
            }
            out = {{"depth", report.depth},
                   {"pv", line_json(record.position(), report.pv)},
                   {"nodes", report.nodes}};
            if (report.mate) out["mate"] = *report.mate;
            if (report.score_cp) out["score_cp"] = *report.score_cp;
            if (ended.result != Result::Ongoing)
                out["over"] = {{"result", result_text(ended.result)}, {"reason", ended.reason}};
        } catch (const ApiError& e) {
            status = e.status();
            out = {{"error", e.what()}};
        } catch (const std::exception& e) {
            status = 500;
            out = {{"error", std::string("the analysis failed: ") + e.what()}};
        }
        {
            std::lock_guard lock(mutex_);
            running_.erase(analysis);
            if (!analysis->session.empty()) {
                const auto it = sessions_.find(analysis->session);
                if (it != sessions_.end() && it->second == analysis) sessions_.erase(it);
            }
        }
        reply(status, out);
    });
}

}  // namespace menagerie::server
