#include <gtest/gtest.h>

#include "stagepool/stagepool.h"

using namespace stagepool;

TEST(HostBlock, AllocatesPinned) {
  HostBlock b(1 << 16);
  cudaPointerAttributes attr{};
  ASSERT_EQ(cudaPointerGetAttributes(&attr, b.data()), cudaSuccess);
  EXPECT_EQ(attr.type, cudaMemoryTypeHost);
}

TEST(HostBlock, MoveLeavesSourceEmpty) {
  HostBlock a(4096);
  HostBlock b(std::move(a));
  EXPECT_EQ(a.data(), nullptr);
  EXPECT_NE(b.data(), nullptr);
}

TEST(PinnedVector, GrowsAndKeepsValues) {
  pinned_vector<int> v(16, 7);
  v.resize(1024, 3);
  EXPECT_EQ(v[0], 7);
  EXPECT_EQ(v[1023], 3);
}

TEST(StagingPool, ExhaustsAndRecovers) {
  StagingPool pool(2, 1024);
  HostBlock* a = pool.acquire();
  HostBlock* b = pool.acquire();
  EXPECT_EQ(pool.acquire(), nullptr);
  pool.release(a);
  pool.release(b);
  EXPECT_NE(pool.acquire(), nullptr);
}
