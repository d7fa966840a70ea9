#include "obs_buffer.hpp"

#include <algorithm>
#include <cstdio>

namespace letkf {

ObsBuffer::ObsBuffer(int max_obs, int n_members) : max_obs_(max_obs), n_members_(n_members) {
  weights_ = PinnedBlock<float>(static_cast<std::size_t>(max_obs) * n_members);
  std::fill(weights_.data(), weights_.data() + weights_.size(), 1.0f);
}

PinnedBlock<float> ObsBuffer::prepare_innovations(const ObsBatch& b) const {
  PinnedBlock<float> d(static_cast<std::size_t>(b.nobs));
  for (int i = 0; i < b.nobs; ++i) {
    float mean = 0.f;
    for (int m = 0; m < b.nmem; ++m) mean += b.hx[static_cast<std::size_t>(m) * b.nobs + i];
    d.data()[i] = (b.yo[i] - mean / b.nmem) / std::max(b.err[i], 1e-3f);
  }
  return d;
}

void ObsBuffer::stage_tiles(const std::vector<float*>& tiles, std::size_t tile_bytes, cudaStream_t s,
                            float* dev) {
  std::size_t off = 0;
  for (float* t : tiles) {
    check(cudaHostRegister(t, tile_bytes, cudaHostRegisterReadOnly), "cudaHostRegister");
    cudaError_t e = cudaMemcpyAsync(reinterpret_cast<char*>(dev) + off, t, tile_bytes,
                                    cudaMemcpyHostToDevice, s);
    cudaStreamSynchronize(s);
    cudaHostUnregister(t);
    check(e, "cudaMemcpyAsync(tile)");
    off += tile_bytes;
  }
}

std::vector<float> load_obs_errors(const std::string& path, int n) {
  float* staging = nullptr;
  check(cudaMallocHost(reinterpret_cast<void**>(&staging), n * sizeof(float)), "cudaMallocHost");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    cudaFreeHost(staging);
    throw std::runtime_error("cannot open obs error table " + path);
  }
  const std::size_t got = std::fread(staging, sizeof(float), static_cast<std::size_t>(n), f);
  std::fclose(f);
  if (got != static_cast<std::size_t>(n)) return {};  // truncated table: caller uses defaults
  std::vector<float> out(staging, staging + n);
  for (auto& v : out) v = std::max(v, 1e-3f);
  cudaFreeHost(staging);
  return out;
}

}  // namespace letkf
