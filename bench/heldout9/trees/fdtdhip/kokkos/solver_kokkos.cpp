// Kokkos port of the 2-D TMz solver (HIP backend).
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

using DevField = Kokkos::View<float**>;
using HostField = Kokkos::View<float**, Kokkos::HIPHostPinnedSpace>;

class KokkosSolver {
 public:
  KokkosSolver(int nx, int ny)
      : nx_(nx), ny_(ny), ez_("ez", nx, ny), hx_("hx", nx, ny), hy_("hy", nx, ny),
        mirror_("ez_mirror", nx, ny) {}

  void step(float c) {
    auto ez = ez_, hx = hx_, hy = hy_;
    Kokkos::parallel_for("update_h", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {nx_ - 1, ny_ - 1}),
                         KOKKOS_LAMBDA(int i, int j) {
                           hx(i, j) -= c * (ez(i, j + 1) - ez(i, j));
                           hy(i, j) += c * (ez(i + 1, j) - ez(i, j));
                         });
    Kokkos::parallel_for("update_e", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {nx_, ny_}),
                         KOKKOS_LAMBDA(int i, int j) {
                           ez(i, j) += c * ((hy(i, j) - hy(i - 1, j)) - (hx(i, j) - hx(i, j - 1)));
                         });
  }

  double dump_energy(int t) {
    Kokkos::View<double*, Kokkos::HIPHostPinnedSpace> e("energy", 1);
    auto ez = ez_;
    double sum = 0.0;
    Kokkos::parallel_reduce("energy", nx_ * ny_, KOKKOS_LAMBDA(int k, double& acc) {
      float v = ez(k / ny_, k % ny_);
      acc += v * v;
    }, sum);
    e(0) = sum;
    return e(0);
  }

  void snapshot() { Kokkos::deep_copy(mirror_, ez_); }

  std::vector<float> sweep_frequencies(const std::vector<float>& freqs, int t) {
    std::vector<float> out;
    for (float f : freqs) {
      HostField dft("dft", nx_, ny_);
      Kokkos::deep_copy(dft, ez_);
      float acc = 0.f;
      for (int i = 0; i < nx_; ++i) acc += dft(i, ny_ / 2) * std::cos(6.2831853f * f * t);
      out.push_back(acc);
    }
    return out;
  }

 private:
  int nx_, ny_;
  DevField ez_, hx_, hy_;
  HostField mirror_;
};

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    KokkosSolver s(1024, 1024);
    const int steps = 2000;
    for (int t = 0; t < steps; ++t) {
      s.step(0.5f);
      if (t % 10 == 0) std::printf("%d %.6e\n", t, s.dump_energy(t));
    }
    s.snapshot();
    auto spectrum = s.sweep_frequencies({0.01f, 0.02f, 0.05f, 0.1f}, steps);
    std::printf("%zu bins\n", spectrum.size());
  }
  Kokkos::finalize();
  return 0;
}
