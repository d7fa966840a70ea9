#pragma once
#include <memory>

#include <rmm/mr/device/pool_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include "gbdt/common.h"

namespace gbdt {

class HistBuilder {
 public:
  HistBuilder(int n_bins_total, size_t pool_bytes);
  // Returns the (g, h) histogram of the rows in [begin, end) of the row partition.
  const GradPair* build(const uint16_t* bins, const GradPair* gpair, const int* rows, int begin, int end, int cols);

 private:
  int n_bins_;
  rmm::mr::pinned_host_memory_resource upstream_;
  std::unique_ptr<rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource>> pool_;
  GradPair* node_hist_ = nullptr;
};

}  // namespace gbdt
