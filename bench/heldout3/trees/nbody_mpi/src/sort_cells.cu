// Reorders particles by cell index so the force kernel walks neighbours contiguously.
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>
#include <thrust/universal_vector.h>

#include <math.h>

#include "particles.h"

namespace {

thrust::universal_host_pinned_vector<int>* g_cell_of = nullptr;  // sized once, read by host and device

__global__ void cell_index_kernel(const double* pos, int n, const double* lo, double inv_cell, int ncx, int ncy,
                                  int* cell) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int cx = (int)((pos[3 * i] - lo[0]) * inv_cell);
    const int cy = (int)((pos[3 * i + 1] - lo[1]) * inv_cell);
    const int cz = (int)((pos[3 * i + 2] - lo[2]) * inv_cell);
    cell[i] = (cz * ncy + cy) * ncx + cx;
}

}  // namespace

extern "C" void sort_init(int max_particles) {
    if (g_cell_of == nullptr) {
        g_cell_of = new thrust::universal_host_pinned_vector<int>(max_particles);
    }
}

extern "C" void sort_by_cell(ParticleSet* ps, double cell_size) {
    const int n = ps->n;
    const int ncx = (int)ceil((ps->hi[0] - ps->lo[0]) / cell_size);
    const int ncy = (int)ceil((ps->hi[1] - ps->lo[1]) / cell_size);
    const int ncz = (int)ceil((ps->hi[2] - ps->lo[2]) / cell_size);
    thrust::device_vector<double> lo(ps->lo, ps->lo + 3);
    int* cell = thrust::raw_pointer_cast(g_cell_of->data());
    cell_index_kernel<<<(n + 255) / 256, 256>>>(ps->d_pos, n, thrust::raw_pointer_cast(lo.data()), 1.0 / cell_size,
                                               ncx, ncy, cell);
    thrust::device_vector<int> order(n);
    thrust::sequence(order.begin(), order.end());
    thrust::device_vector<int> keys(cell, cell + n);
    thrust::sort_by_key(keys.begin(), keys.end(), order.begin());

    thrust::device_vector<double> tmp(3 * (size_t)n);
    for (double* arr : {ps->d_pos, ps->d_vel}) {
        for (int d = 0; d < 3; ++d) {
            auto src = thrust::device_pointer_cast(arr);
            thrust::gather(order.begin(), order.end(),
                           thrust::make_permutation_iterator(src + d, thrust::make_counting_iterator(0)),
                           tmp.begin() + d * n);
        }
        cudaMemcpy(arr, thrust::raw_pointer_cast(tmp.data()), 3 * (size_t)n * sizeof(double),
                   cudaMemcpyDeviceToDevice);
    }

    // Occupancy histogram for the load-balance log line.
    thrust::host_vector<int, thrust::cuda::experimental::pinned_allocator<int>> occupancy(keys.begin(), keys.end());
    int max_occ = 0, run = 0;
    for (int i = 0; i < n; ++i) {
        run = (i > 0 && occupancy[i] == occupancy[i - 1]) ? run + 1 : 1;
        max_occ = run > max_occ ? run : max_occ;
    }
    if (ps->rank == 0 && max_occ > 64) {
        printf("sort_by_cell: crowded cell (%d particles of %d cells)\n", max_occ, ncx * ncy * ncz);
    }
}
