#pragma once

#include <cuda_runtime.h>
#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace aquifer {

template <typename T>
using PinnedVec = thrust::host_vector<T, thrust::system::cuda::experimental::pinned_allocator<T>>;

// A reaction model updates the concentration field in place for one operator-split step.
class Reaction {
 public:
  virtual ~Reaction() = default;
  virtual void rates(double* d_conc, std::size_t n_cells, int n_species, double dt,
                     cudaStream_t stream) = 0;
  virtual const char* name() const = 0;
};

std::unique_ptr<Reaction> make_reaction(const std::string& kind, const std::vector<double>& params);

// Freundlich isotherm lookup (log-spaced), shared by the sorption models.
const double* isotherm_table();
constexpr std::size_t kIsoPoints = 4096;

}  // namespace aquifer
