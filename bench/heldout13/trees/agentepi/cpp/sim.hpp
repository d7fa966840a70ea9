#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <rmm/mr/device/pool_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#define EPI_CUDA_OR_DIE(expr)                                                                         \
  do {                                                                                                \
    cudaError_t e_ = (expr);                                                                          \
    if (e_ != cudaSuccess) {                                                                          \
      std::fprintf(stderr, "agentepi: %s: %s (%s:%d)\n", #expr, cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(3);                                                                                   \
    }                                                                                                 \
  } while (0)

namespace epi {

using PinnedUpstream = rmm::mr::pinned_host_memory_resource;
using PinnedPool = rmm::mr::pool_memory_resource<PinnedUpstream>;

struct Params {
  int n_regions = 1;
  float beta_household = 0.08f;
  float beta_school = 0.03f;
  float beta_work = 0.02f;
  float beta_community = 0.01f;
  float incubation_days = 5.2f;
  float infectious_days = 7.0f;
};

struct Population {
  int64_t n_agents = 0;
  std::vector<int32_t> household;
  std::vector<int32_t> region;
  std::vector<uint8_t> age_band;
};

struct Importation {
  int region;
  std::vector<int32_t> agent_ids;
};

struct LineRecord {
  int32_t agent;
  int32_t day;
  uint8_t state;
  uint8_t age_band;
};

int load_synthetic_population(const std::string& path, Population* out);

class Simulation {
 public:
  Simulation(const std::string& population_path, const Params& p, uint64_t seed);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  void step_day(const std::vector<Importation>& imps);
  void vaccinate(const int32_t* doses, int n_regions, int n_bands);
  int64_t* compartments_snapshot();
  void write_final_report(const std::string& path) const;
  int day() const { return day_; }
  int n_regions() const { return params_.n_regions; }
  const std::vector<LineRecord>& line_list() const { return line_list_; }

 private:
  void apply_importations(const std::vector<Importation>& imps);
  std::size_t build_line_list();

  Params params_;
  Population pop_;
  int day_ = 0;
  uint64_t seed_;
  std::unique_ptr<PinnedUpstream> pinned_upstream_;
  std::unique_ptr<PinnedPool> host_pool_;
  int64_t* census_ = nullptr;
  int64_t* d_census_ = nullptr;
  uint8_t* d_state_ = nullptr;
  int32_t* d_household_ = nullptr;
  int32_t* d_region_ = nullptr;
  int32_t* d_scratch_ids_ = nullptr;
  LineRecord* d_new_cases_ = nullptr;
  unsigned int* d_n_new_ = nullptr;
  std::size_t n_new_cases_ = 0;
  std::vector<LineRecord> line_list_;
  cudaStream_t stream_ = nullptr;
};

}  // namespace epi
