#pragma once
#include <array>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>

namespace scft {

using Dev1 = Kokkos::View<double*, Kokkos::CudaSpace>;
using Dev2 = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaSpace>;
using HostPinned1 = Kokkos::View<double*, Kokkos::CudaHostPinnedSpace>;
using HostPinned2 = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaHostPinnedSpace>;

struct Chain {
  double f_A;
  int ns;
};

// Continuous Gaussian AB diblock in a periodic orthorhombic cell.
class Propagator {
 public:
  Propagator(std::array<int, 3> grid, std::array<double, 3> lengths, Chain chain);

  void set_fields(const double* w_a, const double* w_b);
  double solve();  // forward + backward propagators; returns log Q
  HostPinned2 densities() const;
  const double* stress(int n_components);
  std::size_t n_points() const { return n_; }

 private:
  std::size_t n_;
  std::array<int, 3> grid_;
  std::array<double, 3> len_;
  Chain chain_;
  Dev2 w_;        // (2, n)
  Dev2 q_, qc_;   // (ns + 1, n) forward and complementary propagators
  Dev1 ksq_;
  HostPinned1 h_logq_;
  HostPinned1 h_stress_;
};

void read_field_file(const std::string& path, std::size_t n, std::vector<double>& w_a, std::vector<double>& w_b);
void write_field_file(const std::string& path, const HostPinned2& phi);

}  // namespace scft
