#include "stagepool/stagepool.h"

namespace stagepool {

StagingPool::StagingPool(int count, std::size_t block_bytes) : block_bytes_(block_bytes) {
  blocks_.reserve(count);
  free_.reserve(count);
  for (int i = 0; i < count; ++i) {
    blocks_.push_back(std::make_unique<HostBlock>(block_bytes));
    free_.push_back(blocks_.back().get());
  }
}

HostBlock* StagingPool::acquire() {
  std::lock_guard<std::mutex> lk(mu_);
  if (free_.empty()) return nullptr;
  HostBlock* b = free_.back();
  free_.pop_back();
  return b;
}

void StagingPool::release(HostBlock* b) {
  std::lock_guard<std::mutex> lk(mu_);
  free_.push_back(b);
}

}  // namespace stagepool
