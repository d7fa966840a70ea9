#include "letkf.cuh"

#include <algorithm>

namespace letkf {

__global__ void local_transform(const float* __restrict__ innov, const int* __restrict__ col,
                                const float* __restrict__ loc, int nobs, int nmem, float* __restrict__ T) {
  const int m = blockIdx.x;
  const int k = threadIdx.x;
  if (m >= nmem || k >= nmem) return;
  float acc = (m == k) ? static_cast<float>(nmem - 1) : 0.f;
  for (int i = 0; i < nobs; ++i) acc += loc[col[i]] * innov[i] * innov[i] * 1e-3f;
  T[m * nmem + k] = acc;
}

__global__ void apply_transform(const float* __restrict__ T, int nmem, int n_state, float* __restrict__ ens) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n_state) return;
  float mean = 0.f;
  for (int m = 0; m < nmem; ++m) mean += ens[m * n_state + j];
  mean /= nmem;
  for (int m = 0; m < nmem; ++m) {
    float v = 0.f;
    for (int k = 0; k < nmem; ++k) v += T[m * nmem + k] * (ens[k * n_state + j] - mean);
    ens[m * n_state + j] = mean + v / (nmem - 1);
  }
}

LetkfSolver::LetkfSolver(int n_state, int n_members, int max_obs, float radius_km)
    : n_state_(n_state), n_members_(n_members), max_obs_(max_obs), radius_km_(radius_km),
      obs_(max_obs, n_members) {
  check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
  check(cudaMalloc(&d_ens_, sizeof(float) * n_state * n_members), "cudaMalloc(ens)");
  check(cudaMalloc(&d_innov_, sizeof(float) * max_obs), "cudaMalloc(innov)");
  check(cudaMalloc(&d_trans_, sizeof(float) * n_members * n_members), "cudaMalloc(T)");
  check(cudaMalloc(&d_tiles_, sizeof(float) * n_state), "cudaMalloc(tiles)");
}

LetkfSolver::~LetkfSolver() {
  cudaFree(d_ens_);
  cudaFree(d_innov_);
  cudaFree(d_trans_);
  cudaFree(d_tiles_);
  cudaStreamDestroy(stream_);
}

void LetkfSolver::ensure_work(std::size_t n) {
  if (work_.size() >= n) return;
  work_ = PinnedVec(n + n / 2);
}

void LetkfSolver::analyze(const ObsBatch& b, const float* loc_weights, float* ens) {
  PinnedBlock<float> d = obs_.prepare_innovations(b);
  const std::size_t ens_n = static_cast<std::size_t>(n_state_) * n_members_;
  ensure_work(ens_n);
  int* d_col = nullptr;
  float* d_loc = nullptr;
  check(cudaMallocAsync(&d_col, sizeof(int) * b.nobs, stream_), "cudaMallocAsync(col)");
  check(cudaMallocAsync(&d_loc, sizeof(float) * n_state_, stream_), "cudaMallocAsync(loc)");
  cudaMemcpyAsync(d_col, b.col, sizeof(int) * b.nobs, cudaMemcpyHostToDevice, stream_);
  cudaMemcpyAsync(d_loc, loc_weights, sizeof(float) * n_state_, cudaMemcpyHostToDevice, stream_);
  cudaMemcpyAsync(d_innov_, d.data(), sizeof(float) * b.nobs, cudaMemcpyHostToDevice, stream_);
  cudaMemcpyAsync(d_ens_, ens, sizeof(float) * ens_n, cudaMemcpyHostToDevice, stream_);
  local_transform<<<n_members_, n_members_, 0, stream_>>>(d_innov_, d_col, d_loc, b.nobs, n_members_, d_trans_);
  apply_transform<<<(n_state_ + 255) / 256, 256, 0, stream_>>>(d_trans_, n_members_, n_state_, d_ens_);
  cudaMemcpyAsync(thrust::raw_pointer_cast(work_.data()), d_ens_, sizeof(float) * ens_n,
                  cudaMemcpyDeviceToHost, stream_);
  cudaFreeAsync(d_col, stream_);
  cudaFreeAsync(d_loc, stream_);
  check(cudaStreamSynchronize(stream_), "analyze");
  std::copy(work_.begin(), work_.begin() + ens_n, ens);
}

void LetkfSolver::upload_tiles(const std::vector<float*>& tiles, std::size_t tile_bytes) {
  obs_.stage_tiles(tiles, tile_bytes, stream_, d_tiles_);
}

}  // namespace letkf
