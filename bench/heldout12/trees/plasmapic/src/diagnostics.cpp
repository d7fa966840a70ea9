#include <algorithm>
#include <cmath>

#include "simulation.hpp"

namespace pic {

std::vector<Histogram> energy_histograms(std::vector<Species>& species, int nbins) {
  std::vector<Histogram> out;
  for (auto& sp : species) {
    double* hv = nullptr;
    PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&hv), sp.np * sizeof(double), hipHostMallocDefault));
    Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> dst(hv, sp.np);
    Kokkos::deep_copy(dst, sp.v);
    double vmax = 0;
    for (int i = 0; i < sp.np; ++i) vmax = std::max(vmax, std::fabs(hv[i]));
    Histogram h{sp.name, std::vector<double>(nbins + 1), std::vector<double>(nbins, 0.0)};
    const double emax = 0.5 * sp.mass * vmax * vmax + 1e-30;
    for (int b = 0; b <= nbins; ++b) h.edges[b] = emax * b / nbins;
    for (int i = 0; i < sp.np; ++i) {
      const double e = 0.5 * sp.mass * hv[i] * hv[i];
      h.counts[std::min(nbins - 1, static_cast<int>(e / emax * nbins))] += 1;
    }
    hipHostFree(hv);
    out.push_back(std::move(h));
  }
  return out;
}

// Field value at one cell, read through a small pinned buffer.
double probe_sample(const DeviceView<double*>& E, int cell) {
  static double* buf = [] {
    double* p = nullptr;
    PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&p), sizeof(double), hipHostMallocDefault));
    return p;
  }();
  Kokkos::View<double, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> dst(buf);
  Kokkos::deep_copy(dst, Kokkos::subview(E, cell));
  return *buf;
}

}  // namespace pic
