#include <gtest/gtest.h>

#include "icesheet/pinned.hpp"

using icesheet::PinnedArray;

TEST(PinnedArray, MoveLeavesSourceEmpty) {
  PinnedArray<int> a(32);
  a[0] = 7;
  PinnedArray<int> b(std::move(a));
  EXPECT_EQ(a.data(), nullptr);
  EXPECT_EQ(b[0], 7);
  EXPECT_EQ(b.size(), 32u);
}
