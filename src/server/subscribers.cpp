#include "server/subscribers.h"

#include "server/game_view.h"

namespace menagerie::server {

namespace {

Message state_message(LiveGame& game, Seat seat, int64_t now) {
    return message(
        nlohmann::json{{"type", "state"}, {"state", game_state(game, seat, now)}}.dump());
}

}  // namespace

uint64_t Subscribers::add(LiveGame& game, Seat seat, Send send, int64_t now) {
    send(state_message(game, seat, now));
    const uint64_t id = next_++;
    subscribers_[id] = {seat, std::move(send)};
    return id;
}

void Subscribers::push(LiveGame& game, int64_t now) {
    std::map<Seat, Message> texts;
    for (auto it = subscribers_.begin(); it != subscribers_.end();) {
        const auto& [seat, send] = it->second;
        Message& text = texts[seat];
        if (!text) text = state_message(game, seat, now);
        if (send(text))
            ++it;
        else
            it = subscribers_.erase(it);
    }
}

}  // namespace menagerie::server
