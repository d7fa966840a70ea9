#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>
#include "slam/icp.hpp"
#include "slam/pinned.hpp"

int main() {
  using namespace slam;
  const size_t n = 1024;
  pinned_vector<float> cloud(4 * n, 1.0f);
  float* d = nullptr;
  cudaMalloc(&d, sizeof(float) * 4 * n);
  cudaMemcpy(d, thrust::raw_pointer_cast(cloud.data()), sizeof(float) * 4 * n, cudaMemcpyHostToDevice);
  Icp icp(5, 1e-3f);
  Pose I{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  Pose T = icp.align(d, n, d, n, I);
  assert(T[0] == 1.0f);
  cudaFree(d);
  std::puts("ok");
  return 0;
}
