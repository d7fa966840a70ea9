// Solver state checkpoint: raw positions with a small header.
#include <drape/solver.hpp>

#include <cstdint>
#include <cstdio>

namespace drape {

bool save_state(const Solver& s, const std::string& path) {
  const std::size_t bytes = 3 * static_cast<std::size_t>(s.n_verts()) * sizeof(float);
  float* host = nullptr;
  cuda_check(cudaMallocHost(reinterpret_cast<void**>(&host), bytes), "checkpoint");
  cudaMemcpyAsync(host, s.positions(), bytes, cudaMemcpyDeviceToHost, s.stream());
  cudaStreamSynchronize(s.stream());
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const std::uint32_t header[2] = {0x44525053u, static_cast<std::uint32_t>(s.n_verts())};
  std::fwrite(header, sizeof header, 1, f);
  const bool ok = std::fwrite(host, 1, bytes, f) == bytes;
  std::fclose(f);
  cudaFreeHost(host);
  return ok;
}

}  // namespace drape
