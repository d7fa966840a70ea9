#include <curand_kernel.h>

#include <cstring>
#include <mutex>
#include <stdexcept>

#include "sim.hpp"

namespace epi {

enum : uint8_t { S = 0, E = 1, I = 2, R = 3, V = 4 };

// Age-band contact intensities (POLYMOD-like), shared by every simulation in the process.
static const float* contact_kernel_table() {
  static std::once_flag once;
  static float* table = nullptr;
  std::call_once(once, [] {
    EPI_CUDA_OR_DIE(cudaMallocHost(reinterpret_cast<void**>(&table), sizeof(float) * 16 * 16));
    for (int a = 0; a < 16; ++a)
      for (int b = 0; b < 16; ++b) table[a * 16 + b] = (a == b ? 2.5f : 1.0f) / (1.0f + 0.15f * std::abs(a - b));
  });
  return table;
}

__global__ void transmit_kernel(uint8_t* state, const int32_t* household, const int32_t* region, int64_t n,
                                float beta, float p_ei, float p_ir, uint64_t seed, int day, LineRecord* new_cases,
                                unsigned int* n_new) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  curandStatePhilox4_32_10_t rng;
  curand_init(seed, i, day, &rng);
  const float u = curand_uniform(&rng);
  uint8_t s = state[i];
  if (s == S && u < beta * (1 + (household[i] & 3))) s = E;
  else if (s == E && u < p_ei) s = I;
  else if (s == I && u < p_ir) s = R;
  if (s != state[i] && s == I) {
    const unsigned int k = atomicAdd(n_new, 1u);
    new_cases[k] = LineRecord{static_cast<int32_t>(i), day, s, static_cast<uint8_t>(region[i] & 0xff)};
  }
  state[i] = s;
}

__global__ void census_kernel(const uint8_t* state, const int32_t* region, int64_t n, int64_t* census) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const uint8_t s = state[i] == V ? R : state[i];
  atomicAdd(reinterpret_cast<unsigned long long*>(&census[4 * region[i] + s]), 1ULL);
}

__global__ void infect_kernel(uint8_t* state, const int32_t* ids, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n && state[ids[k]] == S) state[ids[k]] = E;
}

Simulation::Simulation(const std::string& population_path, const Params& p, uint64_t seed) : params_(p), seed_(seed) {
  if (load_synthetic_population(population_path, &pop_) != 0)
    throw std::runtime_error("cannot load synthetic population " + population_path);
  pinned_upstream_ = std::make_unique<rmm::mr::pinned_host_memory_resource>();
  host_pool_ = std::make_unique<PinnedPool>(pinned_upstream_.get(), std::size_t{64} << 20, std::size_t{1} << 30);
  EPI_CUDA_OR_DIE(cudaHostAlloc(reinterpret_cast<void**>(&census_), sizeof(int64_t) * 4 * p.n_regions, cudaHostAllocMapped));
  EPI_CUDA_OR_DIE(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_census_), census_, 0));
  const int64_t n = pop_.n_agents;
  EPI_CUDA_OR_DIE(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  EPI_CUDA_OR_DIE(cudaMalloc(&d_state_, n));
  EPI_CUDA_OR_DIE(cudaMalloc(&d_household_, sizeof(int32_t) * n));
  EPI_CUDA_OR_DIE(cudaMalloc(&d_region_, sizeof(int32_t) * n));
  EPI_CUDA_OR_DIE(cudaMalloc(&d_scratch_ids_, sizeof(int32_t) * (1 << 20)));
  EPI_CUDA_OR_DIE(cudaMalloc(&d_new_cases_, sizeof(LineRecord) * n));
  EPI_CUDA_OR_DIE(cudaMalloc(&d_n_new_, sizeof(unsigned int)));
  cudaMemset(d_state_, S, n);
  cudaMemcpy(d_household_, pop_.household.data(), sizeof(int32_t) * n, cudaMemcpyHostToDevice);
  cudaMemcpy(d_region_, pop_.region.data(), sizeof(int32_t) * n, cudaMemcpyHostToDevice);
}

Simulation::~Simulation() {
  cudaFreeHost(census_);
  cudaFree(d_state_);
  cudaFree(d_household_);
  cudaFree(d_region_);
  cudaFree(d_scratch_ids_);
  cudaFree(d_new_cases_);
  cudaFree(d_n_new_);
  cudaStreamDestroy(stream_);
}

void Simulation::apply_importations(const std::vector<Importation>& imps) {
  for (const Importation& imp : imps) {
    auto* ids = const_cast<int32_t*>(imp.agent_ids.data());
    const std::size_t bytes = imp.agent_ids.size() * sizeof(int32_t);
    if (bytes == 0) continue;
    EPI_CUDA_OR_DIE(cudaHostRegister(ids, bytes, cudaHostRegisterReadOnly));
    cudaMemcpyAsync(d_scratch_ids_, ids, bytes, cudaMemcpyHostToDevice, stream_);
    const int k = static_cast<int>(imp.agent_ids.size());
    infect_kernel<<<(k + 255) / 256, 256, 0, stream_>>>(d_state_, d_scratch_ids_, k);
    cudaStreamSynchronize(stream_);
    cudaHostUnregister(ids);
  }
}

std::size_t Simulation::build_line_list() {
  unsigned int n_new = 0;
  cudaMemcpyAsync(&n_new, d_n_new_, sizeof n_new, cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  n_new_cases_ = n_new;
  if (n_new == 0) return 0;
  const std::size_t bytes = sizeof(LineRecord) * n_new;
  rmm::mr::pinned_host_memory_resource mr;
  auto* recs = static_cast<LineRecord*>(mr.allocate(bytes));
  cudaMemcpyAsync(recs, d_new_cases_, bytes, cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  line_list_.insert(line_list_.end(), recs, recs + n_new);
  mr.deallocate(recs, bytes);
  return n_new;
}

void Simulation::step_day(const std::vector<Importation>& imps) {
  apply_importations(imps);
  const float* contact = contact_kernel_table();
  const float beta = params_.beta_household * contact[0] + params_.beta_community;
  cudaMemsetAsync(d_n_new_, 0, sizeof(unsigned int), stream_);
  const int64_t n = pop_.n_agents;
  transmit_kernel<<<static_cast<unsigned>((n + 255) / 256), 256, 0, stream_>>>(
      d_state_, d_household_, d_region_, n, beta, 1.f / params_.incubation_days, 1.f / params_.infectious_days, seed_,
      day_, d_new_cases_, d_n_new_);
  build_line_list();
  ++day_;
}

void Simulation::vaccinate(const int32_t* doses, int n_regions, int n_bands) {
  int total = 0;
  for (int i = 0; i < n_regions * n_bands; ++i) total += doses[i];
  (void)total;
}

int64_t* Simulation::compartments_snapshot() {
  int64_t* out = nullptr;
  EPI_CUDA_OR_DIE(cudaMallocHost(reinterpret_cast<void**>(&out), sizeof(int64_t) * 4 * params_.n_regions));
  std::memset(census_, 0, sizeof(int64_t) * 4 * params_.n_regions);
  const int64_t n = pop_.n_agents;
  census_kernel<<<static_cast<unsigned>((n + 255) / 256), 256, 0, stream_>>>(d_state_, d_region_, n, d_census_);
  cudaStreamSynchronize(stream_);
  std::memcpy(out, census_, sizeof(int64_t) * 4 * params_.n_regions);
  return out;
}

}  // namespace epi
