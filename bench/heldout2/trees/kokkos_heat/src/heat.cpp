// 2-D explicit heat equation, periodic in x, fixed corners.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "halo.hpp"
#include "io.hpp"

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    const int nx = argc > 1 ? std::atoi(argv[1]) : 1024;
    const int ny = argc > 2 ? std::atoi(argv[2]) : 1024;
    const int nsteps = argc > 3 ? std::atoi(argv[3]) : 2000;
    const int out_every = 250;
    const double alpha = 0.2;
    const double corner_values[4] = {1.0, 0.0, 0.0, 1.0};

    Field T("T", nx, ny), Tn("Tn", nx, ny);
    HaloBuffers halo(ny);
    PinnedLine probe("probe", nx * ny);
    std::vector<Field> snapshots;

    Kokkos::deep_copy(T, 0.0);
    for (int step = 0; step < nsteps; ++step) {
      exchange_halo(T, halo);
      pin_corners(T, corner_values);
      Kokkos::parallel_for(
          "stencil", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {nx - 1, ny - 1}),
          KOKKOS_LAMBDA(int i, int j) {
            Tn(i, j) = T(i, j) + alpha * (T(i + 1, j) + T(i - 1, j) + T(i, j + 1) + T(i, j - 1) - 4.0 * T(i, j));
          });
      std::swap(T, Tn);
      if (step % out_every == 0) {
        Kokkos::deep_copy(Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaHostPinnedSpace,
                                       Kokkos::MemoryTraits<Kokkos::Unmanaged>>(probe.data(), nx, ny),
                          T);
        std::printf("step %5d  T[mid] = %.6f\n", step, probe((nx / 2) * ny + ny / 2));
        Field snap("snap", nx, ny);
        Kokkos::deep_copy(snap, T);
        snapshots.push_back(snap);
      }
    }
    write_series(snapshots, "heat");
  }
  Kokkos::finalize();
  return 0;
}
