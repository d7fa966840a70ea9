#pragma once
#include <vector>

#include "dock/pinned.hpp"

namespace dock {

struct Conformer {
  int ligand_id;
  int n_atoms;
  float* xyz;  // points into a pool slot
};

// Fixed set of host staging slots for ligand conformers, one per in-flight batch.
class ConformerPool {
 public:
  ConformerPool(int slots, std::size_t atoms_per_slot);
  float* acquire();
  void release(float* slot);
  int free_slots() const { return static_cast<int>(free_.size()); }

 private:
  std::vector<PinnedArray<float>> slots_;
  std::vector<float*> free_;
};

}  // namespace dock
