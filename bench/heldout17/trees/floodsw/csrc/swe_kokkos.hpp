#pragma once
#include <Kokkos_Core.hpp>
#include <string>
#include <vector>

namespace swe {

using HostPinned = Kokkos::View<float **, Kokkos::LayoutRight, Kokkos::CudaHostPinnedSpace>;
using Field = Kokkos::View<float **, Kokkos::LayoutRight, Kokkos::CudaSpace>;

class Solver {
public:
    Solver(int ny, int nx, float dx, float manning);
    void load_dem(const std::string &path);
    void step(float dt, const float *rain_mm_h);
    HostPinned snapshot() const;
    const float *depth_host() const { return h_host_.data(); }
    int ny() const { return ny_; }
    int nx() const { return nx_; }

private:
    void ensure_flux(int ny, int nx);
    int ny_, nx_;
    float dx_, n_;
    Field z_, h_, qx_, qy_;
    HostPinned h_host_;
    HostPinned flux_host_;
};

}  // namespace swe
