#pragma once
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "pinned.hpp"

namespace letkf {

struct ObsBatch {
  const float* yo;   // observations, nobs
  const float* hx;   // H(x_m), nmem x nobs
  const float* err;  // observation error std, nobs
  const int* col;    // state column of each observation
  int nobs;
  int nmem;
};

class ObsBuffer {
 public:
  ObsBuffer(int max_obs, int n_members);
  // Innovations d = yo - mean(Hx) for one batch of observations, staged for the device solve.
  PinnedBlock<float> prepare_innovations(const ObsBatch& b) const;
  // Copies background tiles to the device, page-locking each one for the copy.
  void stage_tiles(const std::vector<float*>& tiles, std::size_t tile_bytes, cudaStream_t s, float* dev);
  const float* weights() const { return weights_.data(); }

 private:
  int max_obs_;
  int n_members_;
  PinnedBlock<float> weights_;
};

std::vector<float> load_obs_errors(const std::string& path, int n);

}  // namespace letkf
