#pragma once
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include "obs_buffer.hpp"

namespace letkf {

using PinnedVec = thrust::host_vector<float, thrust::system::cuda::experimental::pinned_allocator<float>>;

class LetkfSolver {
 public:
  LetkfSolver(int n_state, int n_members, int max_obs, float radius_km);
  ~LetkfSolver();
  LetkfSolver(const LetkfSolver&) = delete;
  LetkfSolver& operator=(const LetkfSolver&) = delete;

  void analyze(const ObsBatch& b, const float* loc_weights, float* ens);
  void upload_tiles(const std::vector<float*>& tiles, std::size_t tile_bytes);

 private:
  void ensure_work(std::size_t n);

  int n_state_;
  int n_members_;
  int max_obs_;
  float radius_km_;
  ObsBuffer obs_;
  PinnedVec work_;
  cudaStream_t stream_ = nullptr;
  float* d_ens_ = nullptr;
  float* d_innov_ = nullptr;
  float* d_trans_ = nullptr;
  float* d_tiles_ = nullptr;
};

}  // namespace letkf
