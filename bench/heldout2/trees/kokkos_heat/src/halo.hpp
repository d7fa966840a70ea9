#pragma once

#include <Kokkos_Core.hpp>

using Field = Kokkos::View<double**, Kokkos::LayoutRight>;
using PinnedLine = Kokkos::View<double*, Kokkos::CudaHostPinnedSpace>;

// Host-side edge buffers for the (mock) neighbour exchange.
struct HaloBuffers {
  PinnedLine send;
  PinnedLine recv;
  explicit HaloBuffers(int n) : send("halo_send", 2 * n), recv("halo_recv", 2 * n) {}
};

inline void exchange_halo(Field T, HaloBuffers& hb) {
  const int nx = static_cast<int>(T.extent(0));
  const int ny = static_cast<int>(T.extent(1));
  auto top = Kokkos::subview(T, 1, Kokkos::ALL());
  auto bottom = Kokkos::subview(T, nx - 2, Kokkos::ALL());
  Kokkos::deep_copy(Kokkos::subview(hb.send, Kokkos::make_pair(0, ny)), top);
  Kokkos::deep_copy(Kokkos::subview(hb.send, Kokkos::make_pair(ny, 2 * ny)), bottom);
  // periodic in x: what we send is what we receive
  Kokkos::deep_copy(hb.recv, hb.send);
  Kokkos::deep_copy(Kokkos::subview(T, nx - 1, Kokkos::ALL()), Kokkos::subview(hb.recv, Kokkos::make_pair(0, ny)));
  Kokkos::deep_copy(Kokkos::subview(T, 0, Kokkos::ALL()), Kokkos::subview(hb.recv, Kokkos::make_pair(ny, 2 * ny)));
}

// The four corner cells are fixed by the boundary condition file.
inline void pin_corners(Field T, const double (&values)[4]) {
  Kokkos::View<double[4], Kokkos::CudaHostPinnedSpace> corners("corners");
  for (int i = 0; i < 4; ++i) corners(i) = values[i];
  auto d = Kokkos::create_mirror_view_and_copy(Kokkos::DefaultExecutionSpace::memory_space(), corners);
  const int nx = static_cast<int>(T.extent(0));
  const int ny = static_cast<int>(T.extent(1));
  Kokkos::parallel_for("corners", 1, KOKKOS_LAMBDA(int) {
    T(0, 0) = d(0);
    T(0, ny - 1) = d(1);
    T(nx - 1, 0) = d(2);
    T(nx - 1, ny - 1) = d(3);
  });
}
