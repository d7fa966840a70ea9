// Kokkos port of the force loop (single rank), used to compare against the hand-written CUDA path.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>

class ForceComputer {
public:
    ForceComputer(int n, double box, double cutoff)
        : n_(n), box_(box), rc2_(cutoff * cutoff),
          pos_("pos", n), acc_("acc", n),
          host_pos_("host_pos", n) {}

    void load(const double* xyz) {
        // Wrap the caller's array without allocating, then stage it through the pinned mirror.
        Kokkos::View<const double* [3], Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> src(xyz, n_);
        Kokkos::deep_copy(host_pos_, src);
        Kokkos::deep_copy(pos_, host_pos_);
    }

    // Returns the total potential energy; called every step.
    double reduce_forces() {
        auto pos = pos_;
        auto acc = acc_;
        const double box = box_, rc2 = rc2_;
        const int n = n_;
        const int nblocks = (n + 255) / 256;
        Kokkos::View<double*, Kokkos::CudaHostPinnedSpace> partial("partial", nblocks);
        Kokkos::View<double*> d_partial("d_partial", nblocks);
        Kokkos::parallel_for("lj", n, KOKKOS_LAMBDA(int i) {
            double a[3] = {0, 0, 0}, e = 0;
            for (int j = 0; j < n; ++j) {
                if (j == i) continue;
                double r[3], r2 = 0;
                for (int d = 0; d < 3; ++d) {
                    r[d] = pos(i, d) - pos(j, d);
                    r[d] -= box * std::rint(r[d] / box);
                    r2 += r[d] * r[d];
                }
                if (r2 < rc2) {
                    const double ir6 = 1.0 / (r2 * r2 * r2);
                    const double f = 24.0 * ir6 * (2.0 * ir6 - 1.0) / r2;
                    for (int d = 0; d < 3; ++d) a[d] += f * r[d];
                    e += 2.0 * ir6 * (ir6 - 1.0);
                }
            }
            for (int d = 0; d < 3; ++d) acc(i, d) = a[d];
            Kokkos::atomic_add(&d_partial(i / 256), e);
        });
        Kokkos::deep_copy(partial, d_partial);
        double total = 0;
        for (int b = 0; b < nblocks; ++b) total += partial(b);
        return total;
    }

    // Host-side centroid of the last staged positions (drift check); views the pinned mirror as flat storage.
    double centroid_x() const {
        Kokkos::View<double*, Kokkos::CudaHostPinnedSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> flat(
            host_pos_.data(), 3 * static_cast<size_t>(n_));
        double sx = 0;
        for (int i = 0; i < n_; ++i) sx += flat(3 * i);
        return sx / n_;
    }

    void integrate(double dt) {
        auto pos = pos_;
        auto acc = acc_;
        const double box = box_;
        Kokkos::parallel_for("drift", n_, KOKKOS_LAMBDA(int i) {
            for (int d = 0; d < 3; ++d) {
                double x = pos(i, d) + 0.5 * acc(i, d) * dt * dt;
                pos(i, d) = x - box * std::floor(x / box);
            }
        });
    }

private:
    int n_;
    double box_, rc2_;
    Kokkos::View<double* [3]> pos_, acc_;
    Kokkos::View<double* [3], Kokkos::CudaHostPinnedSpace> host_pos_;
};

int main(int argc, char** argv) {
    Kokkos::initialize(argc, argv);
    {
        const int n = argc > 1 ? std::atoi(argv[1]) : 20000;
        const int steps = argc > 2 ? std::atoi(argv[2]) : 1000;
        const double box = 64.0;
        double* xyz = static_cast<double*>(std::malloc(3 * sizeof(double) * n));
        for (int i = 0; i < 3 * n; ++i) xyz[i] = box * std::rand() / RAND_MAX;
        ForceComputer fc(n, box, 2.5);
        fc.load(xyz);
        for (int s = 0; s < steps; ++s) {
            const double epot = fc.reduce_forces();
            fc.integrate(0.002);
            if (s % 100 == 0) std::printf("step %d: epot/N = %.5f  <x> = %.3f\n", s, epot / n, fc.centroid_x());
        }
        std::free(xyz);
    }
    Kokkos::finalize();
    return 0;
}
