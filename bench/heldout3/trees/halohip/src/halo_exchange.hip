#include "halo.hpp"
#include "hip_check.hpp"

namespace halo {

namespace {

enum Side { W = 0, E = 1, S = 2, N = 3 };

__global__ void pack_kernel(const double* f, double* buf, int nx, int ny, int nz, int ng, int side) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;  // along the face
    const int k = blockIdx.y;
    const int sx = nx + 2 * ng;
    const int len = (side < 2) ? ny : nx;
    if (i >= len * ng) {
        return;
    }
    const int a = i % len, g = i / len;
    int x, y;
    switch (side) {
        case W: x = ng + g; y = ng + a; break;
        case E: x = nx + g; y = ng + a; break;
        case S: x = ng + a; y = ng + g; break;
        default: x = ng + a; y = ny + g; break;
    }
    buf[size_t(k) * len * ng + i] = f[(size_t(k) * (ny + 2 * ng) + y) * sx + x];
}

__global__ void unpack_kernel(double* f, const double* buf, int nx, int ny, int nz, int ng, int side) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int k = blockIdx.y;
    const int sx = nx + 2 * ng;
    const int len = (side < 2) ? ny : nx;
    if (i >= len * ng) {
        return;
    }
    const int a = i % len, g = i / len;
    int x, y;
    switch (side) {
        case W: x = g; y = ng + a; break;
        case E: x = nx + ng + g; y = ng + a; break;
        case S: x = ng + a; y = g; break;
        default: x = ng + a; y = ny + ng + g; break;
    }
    f[(size_t(k) * (ny + 2 * ng) + y) * sx + x] = buf[size_t(k) * len * ng + i];
}

}  // namespace

HaloExchanger::HaloExchanger(const Grid& g) : g_(g), nz_(g.nz) {
    for (int side = 0; side < 4; ++side) {
        count_[side] = size_t(side < 2 ? g.ny : g.nx) * g.ng * g.nz;
        HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&send_[side]), count_[side] * sizeof(double), hipHostMallocDefault));
        HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&recv_[side]), count_[side] * sizeof(double), hipHostMallocDefault));
    }
    HIP_CHECK(hipMalloc(&d_pack_, count_[S] > count_[W] ? count_[S] * sizeof(double) : count_[W] * sizeof(double)));
}

HaloExchanger::~HaloExchanger() {
    for (int side = 0; side < 4; ++side) {
        hipHostFree(send_[side]);
        hipHostFree(recv_[side]);
    }
    hipFree(d_pack_);
}

// Vertical regridding changes the number of levels; the face buffers only ever grow.
void HaloExchanger::resize_levels(int nz) {
    if (nz <= nz_) {
        nz_ = nz;
        return;
    }
    for (int side = 0; side < 4; ++side) {
        const size_t n = size_t(side < 2 ? g_.ny : g_.nx) * g_.ng * nz;
        hipHostFree(send_[side]);
        hipHostFree(recv_[side]);
        HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&send_[side]), n * sizeof(double), hipHostMallocDefault));
        HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&recv_[side]), n * sizeof(double), hipHostMallocDefault));
        count_[side] = n;
    }
    hipFree(d_pack_);
    HIP_CHECK(hipMalloc(&d_pack_, (count_[S] > count_[W] ? count_[S] : count_[W]) * sizeof(double)));
    nz_ = nz;
}

void HaloExchanger::exchange(Field& f, hipStream_t s) {
    MPI_Request reqs[8];
    int nreq = 0;
    for (int side = 0; side < 4; ++side) {
        const int len = side < 2 ? g_.ny : g_.nx;
        const size_t n = size_t(len) * g_.ng * nz_;
        MPI_Irecv(recv_[side], static_cast<int>(n), MPI_DOUBLE, g_.nbr[side], 100 + (side ^ 1), g_.comm, &reqs[nreq++]);
        dim3 grid((len * g_.ng + 127) / 128, nz_);
        hipLaunchKernelGGL(pack_kernel, grid, dim3(128), 0, s, f.d, d_pack_, g_.nx, g_.ny, nz_, g_.ng, side);
        HIP_CHECK(hipMemcpyAsync(send_[side], d_pack_, n * sizeof(double), hipMemcpyDeviceToHost, s));
        HIP_CHECK(hipStreamSynchronize(s));
        MPI_Isend(send_[side], static_cast<int>(n), MPI_DOUBLE, g_.nbr[side], 100 + side, g_.comm, &reqs[nreq++]);
    }
    MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE);
    for (int side = 0; side < 4; ++side) {
        if (g_.nbr[side] == MPI_PROC_NULL) {
            continue;
        }
        const int len = side < 2 ? g_.ny : g_.nx;
        HIP_CHECK(hipMemcpyAsync(d_pack_, recv_[side], size_t(len) * g_.ng * nz_ * sizeof(double),
                                 hipMemcpyHostToDevice, s));
        dim3 grid((len * g_.ng + 127) / 128, nz_);
        hipLaunchKernelGGL(unpack_kernel, grid, dim3(128), 0, s, f.d, d_pack_, g_.nx, g_.ny, nz_, g_.ng, side);
    }
}

// Diagonal neighbours for the 9-point Laplacian used by the hyperdiffusion.
void HaloExchanger::exchange_corners(Field& f, hipStream_t s) {
    const size_t n = size_t(g_.ng) * g_.ng * nz_;
    double* corner = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&corner), 8 * n * sizeof(double), hipHostMallocDefault));
    const int sx = g_.nx + 2 * g_.ng;
    const int sy = g_.ny + 2 * g_.ng;
    const int x0[4] = {g_.ng, g_.nx, g_.ng, g_.nx};
    const int y0[4] = {g_.ng, g_.ng, g_.ny, g_.ny};
    for (int c = 0; c < 4; ++c) {
        HIP_CHECK(hipMemcpy2DAsync(corner + c * n, g_.ng * sizeof(double), f.d + size_t(y0[c]) * sx + x0[c],
                                   sx * sizeof(double), g_.ng * sizeof(double), size_t(g_.ng) * nz_,
                                   hipMemcpyDeviceToHost, s));
    }
    HIP_CHECK(hipStreamSynchronize(s));
    int dims[2] = {g_.px, g_.py}, periods[2] = {0, 0}, coords[2];
    MPI_Request reqs[8];
    int nreq = 0;
    for (int c = 0; c < 4; ++c) {
        coords[0] = g_.cx + ((c & 1) ? 1 : -1);
        coords[1] = g_.cy + ((c & 2) ? 1 : -1);
        if (coords[0] < 0 || coords[1] < 0 || coords[0] >= dims[0] || coords[1] >= dims[1] || periods[0]) {
            continue;
        }
        int peer;
        MPI_Cart_rank(g_.comm, coords, &peer);
        MPI_Isend(corner + c * n, static_cast<int>(n), MPI_DOUBLE, peer, 200 + c, g_.comm, &reqs[nreq++]);
        MPI_Irecv(corner + (4 + c) * n, static_cast<int>(n), MPI_DOUBLE, peer, 200 + (3 - c), g_.comm, &reqs[nreq++]);
    }
    MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE);
    for (int c = 0; c < 4; ++c) {
        const int gx = (c & 1) ? g_.nx + g_.ng : 0;
        const int gy = (c & 2) ? g_.ny + g_.ng : 0;
        HIP_CHECK(hipMemcpy2DAsync(f.d + size_t(gy) * sx + gx, sx * sizeof(double), corner + (4 + c) * n,
                                   g_.ng * sizeof(double), g_.ng * sizeof(double), size_t(g_.ng) * nz_,
                                   hipMemcpyHostToDevice, s));
    }
    HIP_CHECK(hipStreamSynchronize(s));
    (void)sy;
    hipHostFree(corner);
}

}  // namespace halo
