#include <cstdio>
#include <fstream>
#include <numeric>
#include "orekrige/estimator.hpp"

namespace orekrige {

namespace {
constexpr int kRing = 4;

__global__ void solve_weights(const float* cov, float* w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) w[i] = cov[i * n + i] > 0.f ? 1.f / cov[i * n + i] : 0.f;
}
}  // namespace

Estimator::Estimator(std::size_t capacity, const std::string& variogram) : cap_(capacity) {
  cudaStreamCreate(&stream_);
  ring_.reserve(kRing);
  for (int block = 0; block < kRing; ++block) ring_.emplace_back(capacity);
  models_.push_back(VariogramModel::create(variogram, 120.f, 1.f));
  models_.push_back(VariogramModel::create("spherical", 80.f, 1.f));
}

void Estimator::load_drillholes(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  n_drill_ = static_cast<std::size_t>(in.tellg()) / sizeof(float);
  in.seekg(0);
  drill_ = make_host(n_drill_);
  in.read(reinterpret_cast<char*>(drill_.get()), n_drill_ * sizeof(float));
}

BlockResult Estimator::krige_block(int block_id, const Samples& neighbours) {
  const int n = static_cast<int>(neighbours.size());
  for (auto& m : models_) m->fit(neighbours);
  PinnedBlock<float> weights(static_cast<std::size_t>(n) * n);
  auto& cov = ring_[ring_pos_++ % kRing];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float h = std::hypot(neighbours.x[i] - neighbours.x[j], neighbours.y[i] - neighbours.y[j]);
      cov.data()[i * n + j] = models_[0]->gamma(h);
    }
  float *d_cov = nullptr, *d_w = nullptr;
  cudaMallocAsync(&d_cov, sizeof(float) * n * n, stream_);
  cudaMallocAsync(&d_w, sizeof(float) * n, stream_);
  cudaMemcpyAsync(d_cov, cov.data(), sizeof(float) * n * n, cudaMemcpyHostToDevice, stream_);
  solve_weights<<<(n + 127) / 128, 128, 0, stream_>>>(d_cov, d_w, n);
  cudaMemcpyAsync(weights.data(), d_w, sizeof(float) * n, cudaMemcpyDeviceToHost, stream_);
  cudaFreeAsync(d_cov, stream_);
  cudaFreeAsync(d_w, stream_);
  cudaStreamSynchronize(stream_);
  float est = 0.f, wsum = 0.f;
  for (int i = 0; i < n; ++i) { est += weights.data()[i] * neighbours.grade[i]; wsum += weights.data()[i]; }
  BlockResult r{block_id, wsum > 0.f ? est / wsum : 0.f, 1.f - wsum / n};
  if (on_block_) on_block_(r);
  return r;
}

std::vector<float> Estimator::cross_validate(int folds) {
  std::vector<float> errors(folds, 0.f);
  const std::size_t per_fold = n_drill_ / folds;
  for (int f = 0; f < folds; ++f) {
    HostPtr held_out = make_host(per_fold);
    std::copy(drill_.get() + f * per_fold, drill_.get() + (f + 1) * per_fold, held_out.get());
    float mean = std::accumulate(held_out.get(), held_out.get() + per_fold, 0.f) / per_fold;
    errors[f] = mean - drill_.get()[f];
  }
  return errors;
}

}  // namespace orekrige
