// The store of one fuzz input's server: games and records in memory, kept as the SQLite and
// PostgreSQL stores keep them (the same revisions, orders and limits: storage.h), and a check
// that every record's kind and key is printable ASCII, as the Storage interface requires of its
// callers (PostgreSQL refuses a NUL byte, and key prefixes are compared byte by byte).
#pragma once

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_util.h"
#include "server/storage.h"

namespace menagerie::fuzz {

class MemoryStorage final : public server::Storage {
  public:
    int64_t save(const server::StoredGame& game) override {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(game.id);
        const int64_t stored = it == games_.end() ? 0 : it->second.revision;
        if (stored != game.revision) throw server::StorageConflict();
        server::StoredGame copy = server::from_record(server::to_record(game));
        copy.revision = game.revision + 1;
        games_[game.id] = copy;
        // The engine's replies come on a thread of their own.
        ++(game.mode == "engine" ? engine_saves_ : writes_);
        return copy.revision;
    }
    std::optional<server::StoredGame> load(const std::string& id) override {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it == games_.end()) return std::nullopt;
        return it->second;
    }
    std::vector<server::GameSummary> list(size_t limit) override {
        std::lock_guard lock(mutex_);
        std::vector<server::GameSummary> out;
        for (const auto& [id, game] : games_)
            if (out.size() < limit) out.push_back(server::summary_of(game));
        return out;
    }
    std::vector<std::string> unplayed(int64_t created_before, size_t limit) override {
        std::lock_guard lock(mutex_);
        std::vector<std::string> out;
        for (const auto& [id, game] : games_)
            if (game.moves.empty() && game.created_ms < created_before && out.size() < limit)
                out.push_back(id);
        return out;
    }
    bool remove_unplayed(const std::string& id) override {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it == games_.end() || !it->second.moves.empty()) return false;
        games_.erase(it);
        ++writes_;
        return true;
    }

    bool insert_record(const std::string& kind, const std::string& key, const std::string& text,
                       int64_t updated_ms) override {
        check_key(kind, key);
        std::lock_guard lock(mutex_);
        if (records_.count({kind, key})) return false;
        records_[{kind, key}] = {key, text, 1, updated_ms};
        ++writes_;
        return true;
    }
    void put_record(const std::string& kind, const std::string& key, const std::string& text,
                    int64_t updated_ms) override {
        check_key(kind, key);
        std::lock_guard lock(mutex_);
        server::StoredRecord& r = records_[{kind, key}];
        r = {key, text, r.revision + 1, updated_ms};
        ++writes_;
    }
    std::optional<server::StoredRecord> load_record(const std::string& kind,
                                                    const std::string& key) override {
        check_key(kind, key);
        std::lock_guard lock(mutex_);
        const auto it = records_.find({kind, key});
        if (it == records_.end()) return std::nullopt;
        return it->second;
    }
    bool replace_record(const std::string& kind, const std::string& key, const std::string& text,
                        int64_t revision, int64_t updated_ms) override {
        check_key(kind, key);
        std::lock_guard lock(mutex_);
        const auto it = records_.find({kind, key});
        if (it == records_.end() || it->second.revision != revision) return false;
        it->second = {key, text, revision + 1, updated_ms};
        ++writes_;
        return true;
    }
    bool remove_record(const std::string& kind, const std::string& key) override {
        check_key(kind, key);
        std::lock_guard lock(mutex_);
        if (!records_.erase({kind, key})) return false;
        ++writes_;
        return true;
    }
    // The latest updated first, then by key; keys from `prefix` to key_range_end(prefix).
    std::vector<server::StoredRecord> list_records(const std::string& kind,
                                                   const std::string& prefix,
                                                   size_t limit) override {
        check_key(kind, prefix);
        const std::string end = server::key_range_end(prefix);
        std::vector<server::StoredRecord> out = matching(
            kind, [&](const server::StoredRecord& r) { return r.key >= prefix && r.key < end; });
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
            return a.updated_ms != b.updated_ms ? a.updated_ms > b.updated_ms : a.key < b.key;
        });
        if (out.size() > limit) out.resize(limit);
        return out;
    }
    // Updated at `until_ms` or before, the earliest first, then by key.
    std::vector<server::StoredRecord> due_records(const std::string& kind, int64_t until_ms,
                                                  size_t limit) override {
        check_key(kind, "");
        std::vector<server::StoredRecord> out =
            matching(kind, [&](const server::StoredRecord& r) { return r.updated_ms <= until_ms; });
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
            return a.updated_ms != b.updated_ms ? a.updated_ms < b.updated_ms : a.key < b.key;
        });
        if (out.size() > limit) out.resize(limit);
        return out;
    }

    // For the fixture's checks.
    std::vector<server::StoredGame> all() {
        std::lock_guard lock(mutex_);
        std::vector<server::StoredGame> out;
        for (const auto& [id, game] : games_) out.push_back(game);
        return out;
    }
    std::vector<server::StoredRecord> all_records(const std::string& kind) {
        return matching(kind, [](const server::StoredRecord&) { return true; });
    }
    // Every record, by kind, for a copy of this store's.
    std::map<std::pair<std::string, std::string>, server::StoredRecord> records() {
        std::lock_guard lock(mutex_);
        return records_;
    }
    void add_records(const std::map<std::pair<std::string, std::string>, server::StoredRecord>& r) {
        std::lock_guard lock(mutex_);
        records_.insert(r.begin(), r.end());
    }
    // How many changes were stored: of games not against the engine and of records (writes),
    // and in all (changes).
    uint64_t writes() const { return writes_; }
    uint64_t changes() const { return engine_saves_ + writes_; }

  private:
    static void check_key(const std::string& kind, const std::string& key) {
        for (const std::string* s : {&kind, &key})
            for (const char c : *s)
                FUZZ_CHECK(c >= 0x20 && c < 0x7f, "a record's kind and key are printable ASCII: " +
                                                      menagerie::quoted(kind) + " " +
                                                      menagerie::quoted(key));
    }
    template <typename Pick>
    std::vector<server::StoredRecord> matching(const std::string& kind, Pick&& pick) {
        std::lock_guard lock(mutex_);
        std::vector<server::StoredRecord> out;
        for (auto it = records_.lower_bound({kind, ""});
             it != records_.end() && it->first.first == kind; ++it)
            if (pick(it->second)) out.push_back(it->second);
        return out;
    }

    std::mutex mutex_;
    std::map<std::string, server::StoredGame> games_;
    std::map<std::pair<std::string, std::string>, server::StoredRecord> records_;
    std::atomic<uint64_t> writes_{0}, engine_saves_{0};
};

}  // namespace menagerie::fuzz
