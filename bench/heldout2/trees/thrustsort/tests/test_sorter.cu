#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tsort/service.hpp"

using namespace tsort;

TEST(Sorter, MatchesStdSort) {
  std::mt19937_64 rng(7);
  std::vector<uint64_t> keys(1000);
  for (auto& k : keys) k = rng();
  Sorter s(4096);
  auto got = s.sort(keys);
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(got, keys);
}

TEST(Segments, EachSegmentSorted) {
  std::vector<std::vector<uint32_t>> segs = {{3, 1, 2}, {9, 8}, {}};
  std::vector<std::vector<uint32_t>> out;
  sort_segments(segs, out);
  EXPECT_EQ(out[0], (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_EQ(out[1], (std::vector<uint32_t>{8, 9}));
}

TEST(UniversalPinned, IsHostAccessible) {
  thrust::universal_host_pinned_vector<int> v(100, 5);
  EXPECT_EQ(v[99], 5);
}
