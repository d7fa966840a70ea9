#include <cstdio>
#include <cstring>

#include "sim.hpp"

#define RETURN_IF_ERR(x)      \
  do {                        \
    const int rc_ = (x);      \
    if (rc_ != 0) return rc_; \
  } while (0)

#define EPI_DIE(msg)                                   \
  do {                                                 \
    std::fprintf(stderr, "agentepi: fatal: %s\n", msg); \
    std::exit(2);                                      \
  } while (0)

namespace epi {

namespace {
struct PopHeader {
  char magic[8];
  int64_t n_agents;
  int32_t n_regions;
  int32_t reserved;
};

int read_block(std::FILE* fp, void* dst, std::size_t n) { return std::fread(dst, 1, n, fp) == n ? 0 : -3; }
}  // namespace

int load_synthetic_population(const std::string& path, Population* out) {
  std::FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp) return -1;
  PopHeader h{};
  if (read_block(fp, &h, sizeof h) != 0 || std::memcmp(h.magic, "SYNPOP02", 8) != 0) {
    std::fclose(fp);
    return -1;
  }
  int32_t* staging = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&staging), sizeof(int32_t) * h.n_agents, cudaHostAllocDefault) != cudaSuccess) {
    std::fclose(fp);
    return -2;
  }
  out->n_agents = h.n_agents;
  RETURN_IF_ERR(read_block(fp, staging, sizeof(int32_t) * h.n_agents));
  out->household.assign(staging, staging + h.n_agents);
  RETURN_IF_ERR(read_block(fp, staging, sizeof(int32_t) * h.n_agents));
  out->region.assign(staging, staging + h.n_agents);
  out->age_band.resize(h.n_agents);
  RETURN_IF_ERR(read_block(fp, out->age_band.data(), out->age_band.size()));
  cudaFreeHost(staging);
  std::fclose(fp);
  return 0;
}

void Simulation::write_final_report(const std::string& path) const {
  double* attack = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&attack), sizeof(double) * params_.n_regions) != cudaSuccess)
    EPI_DIE("cannot allocate the report staging");
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) EPI_DIE("cannot open the final report");
  std::vector<int64_t> cases(params_.n_regions, 0), pop(params_.n_regions, 0);
  for (int64_t i = 0; i < pop_.n_agents; ++i) pop[pop_.region[i]]++;
  for (const LineRecord& r : line_list_) cases[r.age_band % params_.n_regions]++;
  std::fprintf(out, "region,attack_rate\n");
  for (int r = 0; r < params_.n_regions; ++r) {
    attack[r] = pop[r] ? static_cast<double>(cases[r]) / pop[r] : 0.0;
    std::fprintf(out, "%d,%.6f\n", r, attack[r]);
  }
  if (std::fclose(out) != 0) EPI_DIE("short write on the final report");
  cudaFreeHost(attack);
}

}  // namespace epi
