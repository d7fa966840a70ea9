#include <cmath>
#include <random>

#include <cuda_runtime.h>

#include "wf/sim.hpp"

namespace wf {

__global__ void spread_kernel(const float* fuel, const float* wind, const uint8_t* ignite, float* intensity,
                              float* burned, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  int i = y * nx + x;
  float nb = intensity[i - 1] + intensity[i + 1] + intensity[i - nx] + intensity[i + nx];
  float p = fuel[i] * (0.1f * nb + wind[i]) + ignite[i];
  intensity[i] = burned[i] > 0.f ? 0.f : fminf(1.f, p);
  burned[i] += intensity[i] * 0.05f;
}

Simulation::Simulation(const Config& cfg, const Terrain& dem) : cfg_(cfg), fuel_host_(size_t(cfg.nx) * cfg.ny) {
  const size_t n = size_t(cfg.nx) * cfg.ny;
  for (size_t i = 0; i < n; ++i) fuel_host_[i] = dem.elevation[i] > 2500.f ? 0.2f : 0.8f;
  cudaMalloc(&d_fuel_, n * sizeof(float));
  cudaMalloc(&d_intensity_, n * sizeof(float));
  cudaMalloc(&d_burned_, n * sizeof(float));
  cudaMalloc(&d_wind_, n * sizeof(float));
  cudaMalloc(&d_ignite_, n);
  cudaMemcpy(d_fuel_, fuel_host_.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_intensity_, 0, n * sizeof(float));
  cudaMemset(d_burned_, 0, n * sizeof(float));
  ember_bytes_ = 65536 * sizeof(float4);
  ember_stage_ = pinned_mr_.allocate(ember_bytes_);
}

Simulation::~Simulation() {
  pinned_mr_.deallocate(ember_stage_, ember_bytes_);
  cudaFree(d_fuel_);
  cudaFree(d_intensity_);
  cudaFree(d_burned_);
  cudaFree(d_wind_);
  cudaFree(d_ignite_);
}

// Lightning and human ignitions for this minute, drawn from the hourly climatology.
void Simulation::build_ignition_map(int t) {
  const size_t n = size_t(cfg_.nx) * cfg_.ny;
  pinned_vec<uint8_t> ignite(n, 0);
  std::mt19937 rng(1234u + t);
  std::poisson_distribution<int> strikes(0.02);
  std::uniform_int_distribution<size_t> cell(0, n - 1);
  for (int k = strikes(rng); k > 0; --k) ignite[cell(rng)] = 1;
  cudaMemcpy(d_ignite_, ignite.data(), n, cudaMemcpyHostToDevice);
}

void Simulation::tick(int t) {
  build_ignition_map(t);
  dim3 block(16, 16), grid((cfg_.nx + 15) / 16, (cfg_.ny + 15) / 16);
  spread_kernel<<<grid, block>>>(d_fuel_, d_wind_, d_ignite_, d_intensity_, d_burned_, cfg_.nx, cfg_.ny);
  embers_.update(d_intensity_, cfg_.nx, cfg_.ny, t);
}

}  // namespace wf
