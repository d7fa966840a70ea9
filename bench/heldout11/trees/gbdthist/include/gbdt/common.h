#pragma once
#include <cstdint>
#include <vector>

#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

namespace gbdt {

template <typename T>
using pinned_vec = thrust::host_vector<T, thrust::system::cuda::experimental::pinned_allocator<T>>;

struct GradPair {
  float g, h;
};

struct Node {
  int feature = -1;
  float threshold = 0.f;
  int left = -1, right = -1;
  float leaf = 0.f;
};

struct Cuts {
  std::vector<float> values;
  std::vector<int> ptr;  // per-feature offsets into values
};

Cuts build_cuts(const float* x, int64_t rows, int cols, int max_bins);
float* split_scratch(size_t n);
int gbdt_predict(const std::vector<Node>& nodes, const std::vector<int>& roots, float* x, int64_t rows, int cols,
                 float* out);
std::vector<Node> load_model(const char* path, std::vector<int>* roots);
void save_model(const char* path, const std::vector<Node>& nodes, const std::vector<int>& roots);

class HistBuilder;

}  // namespace gbdt
