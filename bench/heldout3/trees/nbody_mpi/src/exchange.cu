// Device kernels, particle migration between ranks, and energy diagnostics.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "particles.h"

namespace {

double *g_stage = nullptr;   // pinned: pos | vel | send | recv
double *g_pos_host = nullptr, *g_vel_host = nullptr, *g_send = nullptr, *g_recv = nullptr;
int g_max_migrants = 0;

unsigned long long *g_hist = nullptr;  // mapped speed histogram
unsigned long long *g_d_hist = nullptr;
int g_nbins = 0;

__global__ void integrate_kernel(double *pos, double *vel, const double *acc, int n, double dt, double box) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    for (int d = 0; d < 3; ++d) {
        vel[3 * i + d] += acc[3 * i + d] * dt;
        double x = pos[3 * i + d] + vel[3 * i + d] * dt;
        pos[3 * i + d] = x - box * floor(x / box);
    }
}

__global__ void lj_kernel(const double *pos, double *acc, int n, double rc2, double box) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a[3] = {0, 0, 0};
    for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        double r[3], r2 = 0;
        for (int d = 0; d < 3; ++d) {
            r[d] = pos[3 * i + d] - pos[3 * j + d];
            r[d] -= box * rint(r[d] / box);
            r2 += r[d] * r[d];
        }
        if (r2 < rc2) {
            const double ir2 = 1.0 / r2, ir6 = ir2 * ir2 * ir2;
            const double f = 24.0 * ir2 * ir6 * (2.0 * ir6 - 1.0);
            for (int d = 0; d < 3; ++d) a[d] += f * r[d];
        }
    }
    for (int d = 0; d < 3; ++d) acc[3 * i + d] = a[d];
}

__global__ void speed_hist_kernel(const double *vel, int n, unsigned long long *hist, int nbins, double vmax) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double v = sqrt(vel[3 * i] * vel[3 * i] + vel[3 * i + 1] * vel[3 * i + 1] + vel[3 * i + 2] * vel[3 * i + 2]);
    const int b = min(nbins - 1, (int)(v / vmax * nbins));
    atomicAdd(&hist[b], 1ull);
}

}  // namespace

extern "C" void init_exchange(ParticleSet *ps, int max_migrants) {
    const size_t cap = (size_t)ps->cap;
    g_max_migrants = max_migrants;
    const size_t doubles = 6 * cap + 2 * 6 * (size_t)max_migrants;
    NB_CHECK(cudaHostAlloc((void **)&g_stage, doubles * sizeof(double), cudaHostAllocPortable));
    g_pos_host = g_stage;
    g_vel_host = g_pos_host + 3 * cap;
    g_send = g_vel_host + 3 * cap;
    g_recv = g_send + 6 * (size_t)max_migrants;
}

extern "C" void finalize_exchange(void) {
    cudaFreeHost(g_stage);
    g_stage = g_pos_host = g_vel_host = g_send = g_recv = nullptr;
}

extern "C" void integrate(ParticleSet *ps, double dt) {
    integrate_kernel<<<(ps->n + 255) / 256, 256>>>(ps->d_pos, ps->d_vel, ps->d_acc, ps->n, dt, ps->box);
}

extern "C" void compute_forces(ParticleSet *ps, double cutoff) {
    lj_kernel<<<(ps->n + 127) / 128, 128>>>(ps->d_pos, ps->d_acc, ps->n, cutoff * cutoff, ps->box);
}

// Particles that left the subdomain go to the face neighbour they crossed into.
extern "C" void exchange_particles(ParticleSet *ps, MPI_Comm comm) {
    NB_CHECK(cudaMemcpy(g_pos_host, ps->d_pos, 3 * (size_t)ps->n * sizeof(double), cudaMemcpyDeviceToHost));
    NB_CHECK(cudaMemcpy(g_vel_host, ps->d_vel, 3 * (size_t)ps->n * sizeof(double), cudaMemcpyDeviceToHost));

    int *counts = nullptr;
    NB_CHECK(cudaMallocHost((void **)&counts, 12 * sizeof(int)));
    const int kept = pack_migrants(g_pos_host, g_vel_host, ps->n, ps, g_send, counts);

    int offset = 0, recvd = 0;
    for (int f = 0; f < 6; ++f) {
        int incoming = 0;
        MPI_Sendrecv(&counts[f], 1, MPI_INT, ps->nbr[f], 10 + f, &incoming, 1, MPI_INT, ps->nbr[f ^ 1], 10 + f,
                     comm, MPI_STATUS_IGNORE);
        counts[6 + f] = incoming;
        MPI_Sendrecv(g_send + 6 * offset, 6 * counts[f], MPI_DOUBLE, ps->nbr[f], 20 + f, g_recv + 6 * recvd,
                     6 * incoming, MPI_DOUBLE, ps->nbr[f ^ 1], 20 + f, comm, MPI_STATUS_IGNORE);
        offset += counts[f];
        recvd += incoming;
    }
    for (int r = 0; r < recvd && kept + r < ps->cap; ++r) {
        memcpy(g_pos_host + 3 * (kept + r), g_recv + 6 * r, 3 * sizeof(double));
        memcpy(g_vel_host + 3 * (kept + r), g_recv + 6 * r + 3, 3 * sizeof(double));
    }
    ps->n = kept + recvd < ps->cap ? kept + recvd : ps->cap;
    NB_CHECK(cudaMemcpy(ps->d_pos, g_pos_host, 3 * (size_t)ps->n * sizeof(double), cudaMemcpyHostToDevice));
    NB_CHECK(cudaMemcpy(ps->d_vel, g_vel_host, 3 * (size_t)ps->n * sizeof(double), cudaMemcpyHostToDevice));
    cudaFreeHost(counts);
}

extern "C" void diag_init(int nbins) {
    g_nbins = nbins;
    NB_CHECK(cudaHostAlloc((void **)&g_hist, nbins * sizeof(unsigned long long), cudaHostAllocMapped));
    NB_CHECK(cudaHostGetDevicePointer((void **)&g_d_hist, g_hist, 0));
}

extern "C" void diag_energy(ParticleSet *ps, int step, MPI_Comm comm) {
    memset(g_hist, 0, g_nbins * sizeof(unsigned long long));
    speed_hist_kernel<<<(ps->n + 255) / 256, 256>>>(ps->d_vel, ps->n, g_d_hist, g_nbins, 5.0);
    NB_CHECK(cudaDeviceSynchronize());
    MPI_Allreduce(MPI_IN_PLACE, g_hist, g_nbins, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
    if (ps->rank == 0) {
        unsigned long long mode = 0;
        for (int b = 1; b < g_nbins; ++b) {
            if (g_hist[b] > g_hist[mode]) mode = b;
        }
        printf("step %d: most probable speed %.3f\n", step, (mode + 0.5) * 5.0 / g_nbins);
    }
}

extern "C" void diag_finalize(void) {
    free(g_hist);
    g_hist = g_d_hist = nullptr;
}
