#include <Kokkos_Core.hpp>
#include <cstdio>
#include <string>

using PinnedEnergy = Kokkos::View<double*, Kokkos::HIPHostPinnedSpace>;

class Diagnostics {
public:
    Diagnostics(int nt, int nx) : energy_host_("energy", nt), energy_dev_("energy_dev", nt), nx_(nx) {}

    void energy(const float* d_p, int nz, int it) {
        Kokkos::View<const float*, Kokkos::HIPSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> p(d_p, size_t(nx_) * nz);
        double e = 0.0;
        Kokkos::parallel_reduce("energy", p.extent(0), KOKKOS_LAMBDA(size_t i, double& acc) { acc += p(i) * p(i); }, e);
        auto dev = energy_dev_;
        Kokkos::parallel_for("store", 1, KOKKOS_LAMBDA(int) { dev(it) = e; });
    }

    void record_slice(const float* d_p, int z, int it, FILE* log) {
        Kokkos::View<float*, Kokkos::HIPHostPinnedSpace> slice("slice", nx_);
        Kokkos::View<const float*, Kokkos::HIPSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> row(d_p + size_t(z) * nx_, nx_);
        Kokkos::deep_copy(slice, row);
        float mx = 0.f;
        for (int i = 0; i < nx_; ++i) mx = std::max(mx, std::abs(slice(i)));
        std::fprintf(log, "%d %g\n", it, double(mx));
    }

    void finish(const std::string& path) {
        Kokkos::deep_copy(energy_host_, energy_dev_);
        FILE* f = std::fopen(path.c_str(), "w");
        if (!f) return;
        for (size_t i = 0; i < energy_host_.extent(0); ++i) std::fprintf(f, "%zu %.6e\n", i, energy_host_(i));
        std::fclose(f);
    }

private:
    PinnedEnergy energy_host_;
    Kokkos::View<double*, Kokkos::HIPSpace> energy_dev_;
    int nx_;
};

Diagnostics* make_diagnostics(int nt, int nx) { return new Diagnostics(nt, nx); }
void diag_energy(Diagnostics* d, const float* p, int nz, int it) { d->energy(p, nz, it); }
void diag_slice(Diagnostics* d, const float* p, int z, int it, FILE* log) { d->record_slice(p, z, it, log); }
void diag_finish(Diagnostics* d, const std::string& path) { d->finish(path); delete d; }
