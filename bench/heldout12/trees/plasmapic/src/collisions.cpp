// Binary Coulomb collisions (Takizuka-Abe style), applied species pair by species pair.
#include <cmath>

#include "simulation.hpp"

namespace pic {

void Collisions::apply(std::vector<Species>& species, double dt) {
  const double dx = grid_.dx();
  const int nc = grid_.ncells;
  for (size_t a = 0; a < species.size(); ++a) {
    for (size_t b = a; b < species.size(); ++b) {
      // per-cell collision frequency for this pair, filled on the host from the cell densities
      PinnedView<double*> nu("collision_rates", nc);
      const double mu = species[a].mass * species[b].mass / (species[a].mass + species[b].mass);
      for (int c = 0; c < nc; ++c) nu(c) = nu0_ * dt / (mu * std::sqrt(mu)) * (1.0 + 0.1 * std::cos(2 * M_PI * c / nc));
      auto va = species[a].v;
      auto xa = species[a].x;
      const int np = species[a].np;
      Kokkos::parallel_for(
          "scatter", Kokkos::RangePolicy<ExecSpace>(0, np), KOKKOS_LAMBDA(int i) {
            const int c = static_cast<int>(xa(i) / dx) % nc;
            const double theta = Kokkos::sqrt(nu(c)) * (((i * 2654435761u) & 0xffff) / 65536.0 - 0.5);
            va(i) *= Kokkos::cos(theta);
          });
      Kokkos::fence();
    }
  }
}

}  // namespace pic
