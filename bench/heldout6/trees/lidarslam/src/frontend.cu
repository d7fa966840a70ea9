#include "slam/check.hpp"
#include "slam/frontend.hpp"

namespace slam {

__global__ void voxel_keep(const float* in, size_t n, float leaf, float* out, unsigned* count) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[4 * i], y = in[4 * i + 1], z = in[4 * i + 2];
  if (x * x + y * y + z * z < 1.0f) return;  // ego vehicle returns
  int key = (int)floorf(x / leaf) ^ ((int)floorf(y / leaf) << 10) ^ ((int)floorf(z / leaf) << 20);
  if ((key & 3) == 0) {
    unsigned slot = atomicAdd(count, 1u);
    for (int c = 0; c < 4; ++c) out[4 * slot + c] = in[4 * i + c];
  }
}

Frontend::Frontend(size_t max_points) : scratch_(max_points * 4) {
  SLAM_FATAL(cudaStreamCreate(&stream_));
  SLAM_FATAL(cudaMalloc(&d_in_, sizeof(float) * max_points * 4));
}

size_t Frontend::ingest(const Frame& f, float* d_out) {
  pinned_vector<float> pts(f.xyzi.begin(), f.xyzi.end());
  SLAM_FATAL(cudaMemcpyAsync(d_in_, thrust::raw_pointer_cast(pts.data()), sizeof(float) * pts.size(),
                             cudaMemcpyHostToDevice, stream_));
  unsigned* d_count = nullptr;
  SLAM_FATAL(cudaMallocAsync(&d_count, sizeof(unsigned), stream_));
  cudaMemsetAsync(d_count, 0, sizeof(unsigned), stream_);
  voxel_keep<<<(unsigned)((f.size() + 255) / 256), 256, 0, stream_>>>(d_in_, f.size(), 0.2f, d_out, d_count);
  unsigned kept = 0;
  cudaMemcpyAsync(&kept, d_count, sizeof kept, cudaMemcpyDeviceToHost, stream_);
  cudaFreeAsync(d_count, stream_);
  cudaStreamSynchronize(stream_);
  return kept;
}

}  // namespace slam
