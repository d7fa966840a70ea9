#include "swe_kokkos.hpp"

#include <cuda_runtime.h>

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace swe {

Solver::Solver(int ny, int nx, float dx, float manning)
    : ny_(ny), nx_(nx), dx_(dx), n_(manning),
      z_("z", ny, nx), h_("h", ny, nx), qx_("qx", ny, nx), qy_("qy", ny, nx),
      h_host_("h_host", ny, nx) {}

void Solver::load_dem(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    int hdr[2] = {0, 0};
    in.read(reinterpret_cast<char *>(hdr), sizeof hdr);
    std::vector<float> elev(size_t(ny_) * nx_);
    if (cudaHostRegister(elev.data(), elev.size() * sizeof(float), cudaHostRegisterDefault) != cudaSuccess)
        throw std::runtime_error("DEM: register failed");
    if (hdr[0] != ny_ || hdr[1] != nx_)
        throw std::runtime_error("DEM size does not match the grid");
    in.read(reinterpret_cast<char *>(elev.data()), std::streamsize(elev.size() * sizeof(float)));
    auto hz = Kokkos::create_mirror_view(z_);
    for (int i = 0; i < ny_; ++i)
        for (int j = 0; j < nx_; ++j) hz(i, j) = elev[size_t(i) * nx_ + j];
    Kokkos::deep_copy(z_, hz);
    cudaHostUnregister(elev.data());
}

void Solver::ensure_flux(int ny, int nx) {
    if (int(flux_host_.extent(0)) < ny || int(flux_host_.extent(1)) < nx) {
        flux_host_ = HostPinned("flux_host", ny, nx);
    }
}

void Solver::step(float dt, const float *rain_mm_h) {
    auto h = h_, qx = qx_, qy = qy_, z = z_;
    const float g = 9.81f, n2 = n_ * n_, dx = dx_;
    Kokkos::parallel_for("swe_step", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {ny_ - 1, nx_ - 1}),
        KOKKOS_LAMBDA(int i, int j) {
            float hf = fmaxf(h(i, j), 1e-4f);
            float sx = (h(i, j + 1) + z(i, j + 1) - h(i, j) - z(i, j)) / dx;
            qx(i, j) = (qx(i, j) - g * hf * dt * sx) / (1.f + g * dt * n2 * fabsf(qx(i, j)) / powf(hf, 7.f / 3.f));
            float sy = (h(i + 1, j) + z(i + 1, j) - h(i, j) - z(i, j)) / dx;
            qy(i, j) = (qy(i, j) - g * hf * dt * sy) / (1.f + g * dt * n2 * fabsf(qy(i, j)) / powf(hf, 7.f / 3.f));
        });
    Kokkos::parallel_for("swe_mass", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {ny_ - 1, nx_ - 1}),
        KOKKOS_LAMBDA(int i, int j) {
            h(i, j) = fmaxf(0.f, h(i, j) - dt / dx * (qx(i, j) - qx(i, j - 1) + qy(i, j) - qy(i - 1, j)));
        });
    (void)rain_mm_h;
    ensure_flux(ny_, nx_);
    Kokkos::deep_copy(h_host_, h_);
}

HostPinned Solver::snapshot() const {
    HostPinned snap("snapshot", ny_, nx_);
    Kokkos::deep_copy(snap, h_);
    return snap;
}

}  // namespace swe
