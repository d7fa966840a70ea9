#include <gtest/gtest.h>

#include <cstring>

#include "../src/common.h"
#include "../src/varcall.h"

TEST(Pileup, SingleReadCountsEveryBase) {
  region_slot_t slot{};
  slot.span = 16;
  slot.nreads = 1;
  slot.bytes = 256;
  CHECK_CUDA(cudaMallocHost(reinterpret_cast<void**>(&slot.reads), slot.bytes));
  std::memset(slot.reads, 0, slot.bytes);
  slot.reads[4] = 8;
  reference_t ref{const_cast<char*>("AAAAAAAAAAAAAAAA"), 16, 0};
  qual_model_t* qm = flat_qual_model();
  candidate_t cands[16];
  int32_t* d_counts = nullptr;
  CHECK_CUDA(cudaMalloc(&d_counts, 16 * 5 * sizeof(int32_t)));
  EXPECT_GE(call_region(&slot, &ref, qm, cands, 16, d_counts), 0);
  cudaFree(d_counts);
  free_qual_model(qm);
  cudaFreeHost(slot.reads);
}
