// Two-rank check: after one exchange the west ghost columns of rank 1 equal rank 0's east interior.
#include <cassert>
#include <cstdio>
#include <vector>

#include "halo.hpp"
#include "hip_check.hpp"

int g_rank = 0;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    halo::Grid g;
    g.allocate(MPI_COMM_WORLD, 2, 1, 16, 8, 2);
    halo::Field f{"t"};
    HIP_CHECK(hipMalloc(&f.d, g.cells() * sizeof(double)));

    double* h = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), g.cells() * sizeof(double), hipHostMallocDefault));
    for (size_t i = 0; i < g.cells(); ++i) {
        h[i] = g_rank + 1.0;
    }
    HIP_CHECK(hipMemcpy(f.d, h, g.cells() * sizeof(double), hipMemcpyHostToDevice));
    {
        halo::HaloExchanger hx(g);
        hx.exchange(f, nullptr);
        HIP_CHECK(hipDeviceSynchronize());
    }
    HIP_CHECK(hipMemcpy(h, f.d, g.cells() * sizeof(double), hipMemcpyDeviceToHost));
    const int sx = g.nx + 2 * g.ng;
    if (g_rank == 1) {
        assert(h[size_t(g.ng) * sx + 0] == 1.0);
    }
    hipHostFree(h);
    hipFree(f.d);
    g.release();
    MPI_Finalize();
    std::puts("ok");
    return 0;
}
