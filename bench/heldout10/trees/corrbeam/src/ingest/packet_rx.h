#pragma once
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cstring>
#include <vector>
#include "common/pinned_block.h"
#include "common/stage.h"

namespace cb {

struct RxConfig {
  int port = 7148;
  int n_ant = 64;
  int n_chan = 1024;
  int n_time = 256;
  int n_slots = 8;
};

// Receives SPEAD-like UDP payloads into a ring of page-locked slots.
class PacketReceiver {
 public:
  explicit PacketReceiver(const RxConfig& cfg) : cfg_(cfg) {
    slot_bytes_ = static_cast<size_t>(cfg.n_ant) * cfg.n_chan * cfg.n_time * 2;
    slots_.reserve(cfg.n_slots);
    for (int batch = 0; batch < cfg.n_slots; ++batch) {
      slots_.emplace_back(slot_bytes_);
    }
    fd_ = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(cfg.port));
    addr.sin_addr.s_addr = INADDR_ANY;
    bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  }
  ~PacketReceiver() {
    if (fd_ >= 0) close(fd_);
  }

  // Fills the next ring slot; a slot is overwritten n_slots blocks later.
  bool receive_block(Block& blk) {
    PinnedBlock<int8_t>& slot = slots_[next_ % slots_.size()];
    size_t got = 0;
    while (got < slot_bytes_) {
      ssize_t r = recv(fd_, slot.data() + got, slot_bytes_ - got, 0);
      if (r <= 0) return false;
      got += static_cast<size_t>(r);
    }
    blk.seq = next_++;
    blk.n_ant = cfg_.n_ant;
    blk.n_chan = cfg_.n_chan;
    blk.n_time = cfg_.n_time;
    blk.host_volts = slot.data();
    return true;
  }

 private:
  RxConfig cfg_;
  size_t slot_bytes_ = 0;
  std::vector<PinnedBlock<int8_t>> slots_;
  uint64_t next_ = 0;
  int fd_ = -1;
};

}  // namespace cb
