#include "pic/species.hpp"

#include <Kokkos_Random.hpp>

namespace pic {

Species::Species(std::string name_, double charge_, double mass_, int np_, const Grid& grid, double drift)
    : name(std::move(name_)),
      charge(charge_),
      mass(mass_),
      np(np_),
      x("x_" + name, np_),
      v("v_" + name, np_),
      host("host_" + name, 2, np_) {
  Kokkos::Random_XorShift64_Pool<ExecSpace> pool(12345);
  auto xs = x;
  auto vs = v;
  const double L = grid.length;
  Kokkos::parallel_for(
      "load", Kokkos::RangePolicy<ExecSpace>(0, np), KOKKOS_LAMBDA(int i) {
        auto g = pool.get_state();
        xs(i) = L * (i + 0.5) / xs.extent(0);
        vs(i) = (i % 2 ? drift : -drift) + 0.01 * g.normal();
        pool.free_state(g);
      });
}

void Species::push(const DeviceView<double*>& E, const Grid& grid, double dt) {
  auto xs = x;
  auto vs = v;
  const double qm = charge / mass, dx = grid.dx(), L = grid.length;
  const int nc = grid.ncells;
  Kokkos::parallel_for(
      "push", Kokkos::RangePolicy<ExecSpace>(0, np), KOKKOS_LAMBDA(int i) {
        const int c = static_cast<int>(xs(i) / dx) % nc;
        vs(i) += qm * E(c) * dt;
        double xn = xs(i) + vs(i) * dt;
        xn -= L * Kokkos::floor(xn / L);
        xs(i) = xn;
      });
}

void Species::deposit(DeviceView<double*>& rho, const Grid& grid) const {
  auto xs = x;
  const double w = charge * grid.length / np / grid.dx();
  const double dx = grid.dx();
  const int nc = grid.ncells;
  Kokkos::parallel_for(
      "deposit", Kokkos::RangePolicy<ExecSpace>(0, np), KOKKOS_LAMBDA(int i) {
        const double s = xs(i) / dx;
        const int c = static_cast<int>(s) % nc;
        const double f = s - Kokkos::floor(s);
        Kokkos::atomic_add(&rho(c), w * (1 - f));
        Kokkos::atomic_add(&rho((c + 1) % nc), w * f);
      });
}

// Counting sort of the particles by cell, for cache locality of the deposit.
void Species::sort_by_cell(const Grid& grid) {
  PinnedView<int*> counts("cell_counts", grid.ncells + 1);
  DeviceView<int*> keys("keys", np);
  auto xs = x;
  const double dx = grid.dx();
  const int nc = grid.ncells;
  Kokkos::parallel_for(
      "keys", Kokkos::RangePolicy<ExecSpace>(0, np),
      KOKKOS_LAMBDA(int i) { keys(i) = static_cast<int>(xs(i) / dx) % nc; });
  auto hkeys = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  for (int i = 0; i < np; ++i) counts(hkeys(i) + 1) += 1;
  for (int c = 0; c < nc; ++c) counts(c + 1) += counts(c);
  Kokkos::View<int*, Kokkos::HostSpace> perm("perm", np);
  for (int i = 0; i < np; ++i) perm(counts(hkeys(i))++) = i;
  auto dperm = Kokkos::create_mirror_view_and_copy(DeviceSpace(), perm);
  DeviceView<double*> xn("xn", np), vn("vn", np);
  auto vs = v;
  Kokkos::parallel_for(
      "permute", Kokkos::RangePolicy<ExecSpace>(0, np), KOKKOS_LAMBDA(int i) {
        xn(i) = xs(dperm(i));
        vn(i) = vs(dperm(i));
      });
  x = xn;
  v = vn;
}

double Species::kinetic_energy() const {
  double ke = 0;
  auto vs = v;
  Kokkos::parallel_reduce(
      "ke", Kokkos::RangePolicy<ExecSpace>(0, np), KOKKOS_LAMBDA(int i, double& acc) { acc += vs(i) * vs(i); },
      ke);
  return 0.5 * mass * ke * (1.0 / np);
}

void Species::stage_to_host() {
  Kokkos::deep_copy(Kokkos::subview(host, 0, Kokkos::ALL), x);
  Kokkos::deep_copy(Kokkos::subview(host, 1, Kokkos::ALL), v);
}

}  // namespace pic
