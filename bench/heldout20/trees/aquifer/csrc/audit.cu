#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <cmath>
#include <numeric>

#include "api.hpp"

namespace aquifer {

// Total mass must only change through the wells; the hook compares consecutive totals.
AuditHook make_mass_audit(double tolerance, std::function<void(int, double)> report) {
  auto previous = std::make_shared<double>(-1.0);
  return [tolerance, report = std::move(report), previous](const double* d_conc, std::size_t n, int step) {
    rmm::mr::pinned_host_memory_resource mr;
    auto* host = static_cast<double*>(mr.allocate(n * sizeof(double)));
    cudaMemcpy(host, d_conc, n * sizeof(double), cudaMemcpyDeviceToHost);
    const double total = std::accumulate(host, host + n, 0.0);
    mr.deallocate(host, n * sizeof(double));
    if (*previous >= 0.0) {
      const double rel = std::fabs(total - *previous) / std::max(1e-300, *previous);
      if (rel > tolerance) report(step, rel);
    }
    *previous = total;
  };
}

}  // namespace aquifer
