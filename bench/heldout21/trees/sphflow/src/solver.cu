#include <cstring>
#include <stdexcept>

#include "sphflow/solver.hpp"
#include "boundary.cuh"
#include "checkpoint.cuh"
#include "probes.cuh"

namespace sph {

__global__ void integrate(float* pos, float* vel, const float* p, const float* rho, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  vel[3 * i + 2] -= 9.81f * dt;
  for (int d = 0; d < 3; ++d) pos[3 * i + d] += vel[3 * i + d] * dt;
}

Solver::Solver(const SolverConfig& cfg) : cfg_(cfg) {
  cudaStreamCreate(&stream_);
  std::vector<float> walls;
  if (!load_geometry(cfg.geometry, ps_, walls)) throw std::runtime_error("bad geometry " + cfg.geometry);
  kernel_ = make_kernel(cfg.kernel);
  boundary_ = std::make_unique<Boundary>(walls);
  probes_ = std::make_unique<ProbeSet>(cfg.probes);
  ckpt_ = std::make_unique<Checkpointer>(static_cast<size_t>(ps_.n) * 8);
  ring_.reserve(cfg.ring_depth);
  for (int frame = 0; frame < cfg.ring_depth; ++frame) {
    ring_.emplace_back(static_cast<size_t>(ps_.n) * 3);
  }
}

Solver::~Solver() {
  cudaFree(ps_.pos);
  cudaFree(ps_.vel);
  cudaFree(ps_.rho);
  cudaFree(ps_.p);
  cudaStreamDestroy(stream_);
}

void Solver::step() {
  const float h = 1.3f * cfg_.dx;
  kernel_->density(ps_, h, stream_);
  boundary_->apply(ps_, stream_);
  integrate<<<(ps_.n + 255) / 256, 256, 0, stream_>>>(ps_.pos, ps_.vel, ps_.p, ps_.rho, ps_.n, cfg_.dt);
  auto& slot = ring_[step_ % ring_.size()];
  cudaMemcpyAsync(slot.data(), ps_.pos, slot.size() * sizeof(float), cudaMemcpyDeviceToHost, stream_);
  ++step_;
}

std::vector<float> Solver::snapshot() {
  const size_t n = static_cast<size_t>(ps_.n) * 3;
  float* h = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(float)) != cudaSuccess)
    throw std::bad_alloc();
  cudaMemcpyAsync(h, ps_.pos, n * sizeof(float), cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  std::vector<float> out(h, h + n);
  cudaFreeHost(h);
  return out;
}

std::vector<float> Solver::sample_probes() { return probes_->sample(ps_, stream_); }

std::vector<float> Solver::pressure() {
  std::vector<float> out(ps_.n);
  cudaMemcpy(out.data(), ps_.p, ps_.n * sizeof(float), cudaMemcpyDeviceToHost);
  return out;
}

void Solver::write_restart(const std::string& path) { ckpt_->write_restart(path, ps_, stream_); }

}  // namespace sph
