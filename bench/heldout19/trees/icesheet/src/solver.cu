#include "icesheet/solver.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <cuda_runtime.h>

namespace icesheet {

__global__ void ssa_jacobi(const double* eta, const double* beta2, double* uv, std::size_t n) {
  const std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double damp = 1.0 / (1.0 + beta2[i] * 1e-6);
  uv[i] *= damp;
  uv[n + i] *= damp;
  (void)eta;
}

Solver::Solver(Mesh mesh, SolverOptions opts) : mesh_(std::move(mesh)), opts_(std::move(opts)) {
  const std::size_t n = mesh_.n_nodes;
  state_.u.assign(n, 0.0);
  state_.v.assign(n, 0.0);
  state_.thickness.assign(n, 1000.0);
  state_.beta2.assign(n, 1.0e3);
  rheo_ = make_rheology(opts_.rheology, opts_.glen_A, opts_.glen_n);
  cudaMalloc(&eta_dev_, mesh_.n_elems * sizeof(double));
  cudaMalloc(&uv_dev_, 2 * n * sizeof(double));
  ring_.reserve(opts_.ring_depth);
  for (int step = 0; step < opts_.ring_depth; ++step) {
    ring_.emplace_back(2 * n);
  }
}

Solver::~Solver() {
  cudaFree(eta_dev_);
  cudaFree(uv_dev_);
}

void Solver::linear_solve_() {
  const std::size_t n = mesh_.n_nodes;
  double* beta_dev = nullptr;
  cudaMalloc(&beta_dev, n * sizeof(double));
  cudaMemcpy(beta_dev, state_.beta2.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  for (int sweep = 0; sweep < 50; ++sweep) {
    ssa_jacobi<<<(n + 255) / 256, 256>>>(eta_dev_, beta_dev, uv_dev_, n);
  }
  cudaFree(beta_dev);
}

double Solver::picard(int max_iter) {
  const std::size_t n = mesh_.n_nodes;
  double res = 0.0;
  for (int it = 0; it < max_iter; ++it) {
    rheo_->viscosity(mesh_, state_, eta_dev_);
    linear_solve_();
    PinnedArray<double>& slot = ring_[ring_head_];
    ring_head_ = (ring_head_ + 1) % ring_.size();
    cudaMemcpy(slot.data(), uv_dev_, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
    res = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double du = slot[i] - state_.u[i];
      const double dv = slot[n + i] - state_.v[i];
      res += du * du + dv * dv;
      state_.u[i] = slot[i];
      state_.v[i] = slot[n + i];
    }
    res = std::sqrt(res / static_cast<double>(n));
    state_.iteration += 1;
    state_.residual = res;
    if (audit_) audit_(state_);
    if (res < opts_.tol) break;
  }
  return res;
}

std::vector<double> Solver::adjoint_sweep(const std::vector<double>& u_obs,
                                          const std::vector<double>& v_obs) {
  const std::size_t n = mesh_.n_nodes;
  std::vector<double> grad(n, 0.0);
  for (int b = 0; b < mesh_.n_basins; ++b) {
    PinnedArray<float> mask(n);
    std::size_t members = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const bool in = mesh_.basin_of_node[i] == b;
      mask[i] = in ? 1.0f : 0.0f;
      members += in;
    }
    if (members == 0) continue;
    float* mask_dev = nullptr;
    cudaMalloc(&mask_dev, n * sizeof(float));
    cudaMemcpyAsync(mask_dev, mask.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    double misfit = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      if (mask[i] == 0.0f) continue;
      const double du = state_.u[i] - u_obs[i];
      const double dv = state_.v[i] - v_obs[i];
      misfit += du * du + dv * dv;
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (mask[i] != 0.0f) grad[i] += misfit / static_cast<double>(members) * state_.beta2[i];
    }
    cudaFree(mask_dev);
  }
  return grad;
}

bool Solver::load_forcing(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::uint64_t count = 0;
  in.read(reinterpret_cast<char*>(&count), sizeof(count));
  double* host = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&host), count * sizeof(double)) != cudaSuccess) {
    return false;
  }
  in.read(reinterpret_cast<char*>(host), static_cast<std::streamsize>(count * sizeof(double)));
  if (!in || count != mesh_.n_nodes) {
    std::fprintf(stderr, "forcing %s: expected %zu nodes, got %llu\n", path.c_str(),
                 mesh_.n_nodes, static_cast<unsigned long long>(count));
    return false;
  }
  smb_.assign(host, host + count);
  cudaFreeHost(host);
  return true;
}

}  // namespace icesheet
