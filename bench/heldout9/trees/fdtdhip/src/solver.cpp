#include "fdtd/solver.hpp"

#include <cstdio>

#include "fdtd/hip_check.hpp"

namespace fdtd {

__global__ void update_h(float* hx, float* hy, const float* ez, int nx, int ny, float c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx - 1 || j >= ny - 1) return;
  hx[i * ny + j] -= c * (ez[i * ny + j + 1] - ez[i * ny + j]);
  hy[i * ny + j] += c * (ez[(i + 1) * ny + j] - ez[i * ny + j]);
}

__global__ void update_e(float* ez, const float* hx, const float* hy, int nx, int ny, float c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= nx || j >= ny) return;
  ez[i * ny + j] += c * ((hy[i * ny + j] - hy[(i - 1) * ny + j]) - (hx[i * ny + j] - hx[i * ny + j - 1]));
}

Solver::Solver(const Config& cfg)
    : cfg_(cfg),
      ez_host_(size_t(cfg.nx) * cfg.ny),
      pml_(cfg.nx, cfg.ny, cfg.pml_cells) {
  const size_t n = size_t(cfg.nx) * cfg.ny * sizeof(float);
  FDTD_DIE(hipMalloc(&d_ez_, n));
  FDTD_DIE(hipMalloc(&d_hx_, n));
  FDTD_DIE(hipMalloc(&d_hy_, n));
  FDTD_DIE(hipMemset(d_ez_, 0, n));
}

Solver::~Solver() {
  (void)hipFree(d_ez_);
  (void)hipFree(d_hx_);
  (void)hipFree(d_hy_);
}

void Solver::snapshot_ez() {
  FDTD_DIE(hipMemcpy(ez_host_.data(), d_ez_, ez_host_.size() * sizeof(float), hipMemcpyDeviceToHost));
}

void Solver::run() {
  dim3 block(16, 16), grid((cfg_.nx + 15) / 16, (cfg_.ny + 15) / 16);
  const float c = cfg_.dt / cfg_.dx;
  for (int t = 0; t < cfg_.steps; ++t) {
    update_h<<<grid, block>>>(d_hx_, d_hy_, d_ez_, cfg_.nx, cfg_.ny, c);
    for (auto& src : sources_) src.inject(*this, t);
    update_e<<<grid, block>>>(d_ez_, d_hx_, d_hy_, cfg_.nx, cfg_.ny, c);
    probes_.record(*this, t);
    farfield_.accumulate(*this, t);
    for (auto& [name, fn] : hooks_) fn(t);
    if (cfg_.checkpoint_every > 0 && t > 0 && t % cfg_.checkpoint_every == 0) {
      char path[256];
      std::snprintf(path, sizeof path, "%s/ez_%06d.bin", cfg_.checkpoint_dir.c_str(), t);
      if (write_checkpoint(*this, path) != hipSuccess) std::fprintf(stderr, "checkpoint %d failed\n", t);
    }
  }
  snapshot_ez();
}

}  // namespace fdtd
