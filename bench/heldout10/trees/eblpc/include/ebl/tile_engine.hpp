#pragma once
#include <memory>
#include <vector>
#include <cufft.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/memory_resource.h>
#include <rmm/mr/device/pool_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>
#include "ebl/models.hpp"
#include "ebl/types.hpp"

namespace ebl {

template <typename T>
using pinned_vec = thrust::host_vector<T, thrust::cuda::experimental::pinned_allocator<T>>;

class PsfKernel {
 public:
  explicit PsfKernel(const PecConfig& cfg);
  ~PsfKernel();
  void convolve(float* d_in, float* d_out, cudaStream_t s);

 private:
  int n_;
  pinned_vec<cufftComplex> spectrum_host_;
  cufftComplex* d_spectrum_ = nullptr;
  cufftComplex* d_work_ = nullptr;
  cufftHandle fwd_{}, inv_{};
};

void dose_iterations(PsfKernel& psf, TileState& st, int n_iter);

class TileEngine {
 public:
  explicit TileEngine(const PecConfig& cfg);
  ~TileEngine();
  void correct(const Tile& tile, ShotList& shots);
  const TileState& last_state() const { return state_; }

 private:
  PecConfig cfg_;
  PsfKernel psf_;
  std::vector<std::unique_ptr<CorrectionModel>> models_;
  rmm::mr::pinned_host_memory_resource pinned_upstream_;
  rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource> host_pool_;
  float* dose_stage_ = nullptr;  // grid x grid, page-locked
  float* d_dose_ = nullptr;
  float* d_exposure_ = nullptr;
  cudaStream_t stream_{};
  TileState state_;
};

}  // namespace ebl
