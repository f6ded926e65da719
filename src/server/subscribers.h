// A game's subscribers (its WebSockets, a test's inbox): each gets the game's state as its seat
// sees it, now and after every change, as JSON text ({"type":"state","state":...}).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "server/live_game.h"

namespace menagerie::server {

// A text pushed to a socket, shared by every socket it goes to (a thousand lobby sockets, a
// game's spectators).
using Message = std::shared_ptr<const std::string>;
inline Message message(std::string text) {
    return std::make_shared<const std::string>(std::move(text));
}
// Sends a message to one subscriber; false once the subscriber is gone (it is then dropped).
using Send = std::function<bool(Message message)>;

class Subscribers {
  public:
    // Sends `game`'s state as `seat` sees it at once, then keeps the subscriber; its id.
    uint64_t add(LiveGame& game, Seat seat, Send send, int64_t now);
    void remove(uint64_t id) { subscribers_.erase(id); }
    bool empty() const { return subscribers_.empty(); }
    // Sends every subscriber the state as its seat sees it (made once per seat), dropping those
    // that are gone.
    void push(LiveGame& game, int64_t now);

  private:
    uint64_t next_ = 1;
    std::map<uint64_t, std::pair<Seat, Send>> subscribers_;
};

}  // namespace menagerie::server
