#include "engine.h"

#include <cstring>
#include <fstream>
#include <numeric>
#include <stdexcept>

namespace fep {

FepEngine::FepEngine(const std::string& prmtop, const std::string& rst7, int n_windows,
                     double temperature)
    : top_(load_topology(prmtop)),
      n_windows_(n_windows),
      n_atoms_(top_.n_atoms),
      kT_(0.0019872041 * temperature) {
  const std::size_t per_replica = static_cast<std::size_t>(n_atoms_) * 3;
  const std::size_t bytes = per_replica * n_windows_ * sizeof(float);
  FEP_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  FEP_CUDA(cudaHostAlloc(reinterpret_cast<void**>(&coords_host_), bytes,
                         cudaHostAllocMapped | cudaHostAllocPortable));
  FEP_CUDA(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_coords_), coords_host_, 0));
  FEP_CUDA(cudaMalloc(&d_vel_, bytes));
  FEP_CUDA(cudaMalloc(&d_forces_, bytes));
  FEP_CUDA(cudaMalloc(&d_params_all_, static_cast<std::size_t>(n_windows_) * n_atoms_ * 4 * sizeof(float)));
  FEP_CUDA(cudaMalloc(&d_u_, static_cast<std::size_t>(n_windows_) * n_windows_ * sizeof(double)));
  FEP_CUDA(cudaMalloc(&d_dhdl_, static_cast<std::size_t>(n_atoms_) * sizeof(double)));
  forces_ = PinnedVector<float>(per_replica * n_windows_);

  const std::vector<float> xyz = load_rst7(rst7, n_atoms_);
  for (int k = 0; k < n_windows_; ++k) {
    std::memcpy(coords_host_ + per_replica * k, xyz.data(), per_replica * sizeof(float));
  }
  FEP_CUDA(cudaMemsetAsync(d_vel_, 0, bytes, stream_));
}

FepEngine::~FepEngine() {
  cudaStreamSynchronize(stream_);
  cudaFreeHost(coords_host_);
  cudaFree(d_vel_);
  cudaFree(d_forces_);
  cudaFree(d_params_all_);
  cudaFree(d_u_);
  cudaFree(d_dhdl_);
  cudaStreamDestroy(stream_);
}

void FepEngine::stage_forces(int window) {
  // Gather this window's forces for the dU/dlambda accumulator.
  const std::size_t n = static_cast<std::size_t>(n_atoms_) * 3;
  float* staging = nullptr;
  FEP_CUDA(cudaMallocHost(reinterpret_cast<void**>(&staging), n * sizeof(float)));
  FEP_CUDA(cudaMemcpyAsync(staging, d_forces_ + n * window, n * sizeof(float),
                           cudaMemcpyDeviceToHost, stream_));
  FEP_CUDA(cudaStreamSynchronize(stream_));
  std::memcpy(forces_.data() + n * window, staging, n * sizeof(float));
  FEP_CUDA(cudaFreeHost(staging));
}

void FepEngine::propagate(int window, const float* params, int n_steps) {
  const std::size_t n = static_cast<std::size_t>(n_atoms_);
  float* d_params = d_params_all_ + n * 4 * window;
  FEP_CUDA(cudaMemcpyAsync(d_params, params, n * 4 * sizeof(float), cudaMemcpyHostToDevice, stream_));
  float* d_x = d_coords_ + n * 3 * window;
  for (int s = 0; s < n_steps; ++s) {
    launch_softcore_step(top_, d_x, d_vel_ + n * 3 * window, d_forces_ + n * 3 * window, d_params,
                         n_atoms_, 0.002f, stream_);
  }
  stage_forces(window);
}

std::vector<double> FepEngine::exchange_energies() {
  const std::size_t kk = static_cast<std::size_t>(n_windows_) * n_windows_;
  PinnedVector<double> u(kk);
  launch_cross_energies(top_, d_coords_, d_params_all_, d_u_, n_windows_, n_atoms_, stream_);
  FEP_CUDA(cudaMemcpyAsync(u.data(), d_u_, kk * sizeof(double), cudaMemcpyDeviceToHost, stream_));
  FEP_CUDA(cudaStreamSynchronize(stream_));
  std::vector<double> out(u.data(), u.data() + kk);
  for (double& x : out) x /= kT_;
  return out;
}

void FepEngine::write_dhdl(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (!out) throw std::runtime_error("cannot append to " + path);
  for (int k = 0; k < n_windows_; ++k) {
    PinnedVector<double> row(static_cast<std::size_t>(n_atoms_));
    launch_dhdl(top_, d_coords_, d_params_all_, k, d_dhdl_, n_atoms_, stream_);
    FEP_CUDA(cudaMemcpyAsync(row.data(), d_dhdl_, row.size() * sizeof(double),
                             cudaMemcpyDeviceToHost, stream_));
    FEP_CUDA(cudaStreamSynchronize(stream_));
    const double total = std::accumulate(row.data(), row.data() + row.size(), 0.0);
    out.write(reinterpret_cast<const char*>(&total), sizeof total);
  }
}

bool FepEngine::snapshot_coords(const std::string& path) {
  const std::size_t bytes = static_cast<std::size_t>(n_windows_) * n_atoms_ * 3 * sizeof(float);
  float* host = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&host), bytes, cudaHostAllocDefault) != cudaSuccess) {
    return false;
  }
  if (cudaMemcpyAsync(host, d_coords_, bytes, cudaMemcpyDeviceToHost, stream_) != cudaSuccess ||
      cudaStreamSynchronize(stream_) != cudaSuccess) {
    return false;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    cudaFreeHost(host);
    return false;
  }
  std::fwrite(host, 1, bytes, f);
  std::fclose(f);
  cudaFreeHost(host);
  return true;
}

const float* FepEngine::coordinates(int replica) const {
  return coords_host_ + static_cast<std::size_t>(n_atoms_) * 3 * replica;
}

}  // namespace fep
