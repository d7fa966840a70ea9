#include <cmath>

#include "halo.hpp"
#include "hip_check.hpp"

namespace halo {

void Grid::allocate(MPI_Comm world, int px_, int py_, int gnx, int gny, int gnz) {
    px = px_;
    py = py_;
    int dims[2] = {px, py}, periods[2] = {0, 0};
    MPI_Cart_create(world, 2, dims, periods, 1, &comm);
    int coords[2];
    MPI_Cart_coords(comm, g_rank, 2, coords);
    cx = coords[0];
    cy = coords[1];
    MPI_Cart_shift(comm, 0, 1, &nbr[0], &nbr[1]);
    MPI_Cart_shift(comm, 1, 1, &nbr[2], &nbr[3]);
    nx = gnx / px + (cx < gnx % px);
    ny = gny / py + (cy < gny % py);
    nz = gnz;

    // Surface height is read by host-side physics and by kernels (mapped, zero-copy).
    hipError_t err = hipHostMalloc(reinterpret_cast<void**>(&topo), plane() * sizeof(double),
                                   hipHostMallocMapped | hipHostMallocNumaUser);
    if (err != hipSuccess) {
        std::fprintf(stderr, "[rank %d] cannot allocate mapped topography: %s\n", g_rank, hipGetErrorString(err));
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int y = 0; y < ny + 2 * ng; ++y) {
        for (int x = 0; x < nx + 2 * ng; ++x) {
            const double gx = double(cx * (gnx / px) + x - ng) / gnx;
            const double gy = double(cy * (gny / py) + y - ng) / gny;
            topo[size_t(y) * (nx + 2 * ng) + x] = 1500.0 * std::exp(-40.0 * ((gx - 0.5) * (gx - 0.5) + (gy - 0.5) * (gy - 0.5)));
        }
    }
    HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&d_topo), topo, 0));
}

void Grid::release() {
    if (topo != nullptr) {
        hipHostFree(topo);
        topo = d_topo = nullptr;
    }
    if (comm != MPI_COMM_NULL) {
        MPI_Comm_free(&comm);
    }
}

}  // namespace halo
