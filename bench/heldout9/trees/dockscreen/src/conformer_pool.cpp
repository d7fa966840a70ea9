#include "dock/conformer_pool.hpp"

#include <algorithm>

namespace dock {

ConformerPool::ConformerPool(int slots, std::size_t atoms_per_slot) {
  slots_.reserve(slots);
  for (int batch = 0; batch < slots; ++batch) {
    slots_.emplace_back(atoms_per_slot * 3);
    free_.push_back(slots_.back().data());
  }
}

float* ConformerPool::acquire() {
  if (free_.empty()) return nullptr;
  float* p = free_.back();
  free_.pop_back();
  return p;
}

void ConformerPool::release(float* slot) { free_.push_back(slot); }

}  // namespace dock
