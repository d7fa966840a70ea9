#include <cstdio>
#include <vector>

#include "check.h"

namespace drn {

// Writes the flown trajectories at shutdown. Failures abort the tool.
void export_trajectories(const char* path, const std::vector<float>& log, int n_drones) {
  float* stage = nullptr;
  DRN_CUDA(cudaMallocHost(reinterpret_cast<void**>(&stage), log.size() * sizeof(float)));
  std::FILE* f = std::fopen(path, "wb");
  DRN_DIE(f == nullptr, "cannot open trajectory file");
  for (std::size_t i = 0; i < log.size(); ++i) stage[i] = log[i];
  DRN_DIE(std::fwrite(&n_drones, sizeof(int), 1, f) != 1, "short write");
  DRN_DIE(std::fwrite(stage, sizeof(float), log.size(), f) != log.size(), "short write");
  std::fclose(f);
  cudaFreeHost(stage);
}

}  // namespace drn
