#include "io.hpp"

#include <cstdio>

void write_csv(const Kokkos::View<double*, Kokkos::CudaHostPinnedSpace>& flat, int nx, int ny,
               const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return;
  for (int i = 0; i < nx; ++i) {
    for (int j = 0; j < ny; ++j) std::fprintf(f, j + 1 < ny ? "%.6g," : "%.6g\n", flat(i * ny + j));
  }
  std::fclose(f);
}

void write_series(const std::vector<Field>& fields, const std::string& prefix) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const int nx = static_cast<int>(fields[i].extent(0));
    const int ny = static_cast<int>(fields[i].extent(1));
    Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::CudaHostPinnedSpace> h("series_host", nx, ny);
    Kokkos::deep_copy(h, fields[i]);
    Kokkos::View<double*, Kokkos::CudaHostPinnedSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> flat(h.data(), nx * ny);
    write_csv(flat, nx, ny, prefix + "_" + std::to_string(i) + ".csv");
  }
}
