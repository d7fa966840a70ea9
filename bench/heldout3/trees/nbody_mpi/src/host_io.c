/* Host-side helpers: initial conditions, migrant packing, final snapshot. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "particles.h"

int read_initial_conditions(ParticleSet *ps, const char *path) {
    FILE *fp = NULL;
    double *buf = NULL;
    int64_t total = 0;
    int rc = -1;

    fp = fopen(path, "rb");
    if (!fp) goto out;
    if (fread(&total, sizeof(total), 1, fp) != 1 || total <= 0) goto out;
    if (cudaMallocHost((void **)&buf, (size_t)total * 6 * sizeof(double)) != cudaSuccess) {
        buf = NULL;
        goto out;
    }
    if (fread(buf, sizeof(double), (size_t)total * 6, fp) != (size_t)total * 6) goto out;

    ps->cap = (int)(2 * total / ps->nranks + 1024);
    if (cudaMalloc((void **)&ps->d_pos, 3 * (size_t)ps->cap * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&ps->d_vel, 3 * (size_t)ps->cap * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&ps->d_acc, 3 * (size_t)ps->cap * sizeof(double)) != cudaSuccess) {
        goto out;
    }
    /* Keep the particles inside my subdomain, compacting in place (pos then vel per particle). */
    int n = 0;
    for (int64_t i = 0; i < total && n < ps->cap; ++i) {
        const double *p = buf + 6 * i;
        if (p[0] >= ps->lo[0] && p[0] < ps->hi[0] && p[1] >= ps->lo[1] && p[1] < ps->hi[1] &&
            p[2] >= ps->lo[2] && p[2] < ps->hi[2]) {
            memmove(buf + 6 * n, p, 6 * sizeof(double));
            ++n;
        }
    }
    ps->n = n;
    for (int i = 0; i < n; ++i) {
        cudaMemcpy(ps->d_pos + 3 * i, buf + 6 * i, 3 * sizeof(double), cudaMemcpyHostToDevice);
        cudaMemcpy(ps->d_vel + 3 * i, buf + 6 * i + 3, 3 * sizeof(double), cudaMemcpyHostToDevice);
    }
    cudaMemset(ps->d_acc, 0, 3 * (size_t)ps->cap * sizeof(double));
    rc = 0;
out:
    if (buf) cudaFreeHost(buf);
    if (fp) fclose(fp);
    return rc;
}

/* Moves leavers to `send` grouped by face (pos+vel, 6 doubles each), compacts the stayers;
 * returns the number of particles kept. */
int pack_migrants(const double *pos, const double *vel, int n, const ParticleSet *ps, double *send, int *counts) {
    int kept = 0, sent = 0;
    double *stay_pos = (double *)pos, *stay_vel = (double *)vel;
    memset(counts, 0, 12 * sizeof(int));
    for (int f = 0; f < 6; ++f) {
        const int d = f / 2;
        const int upper = f & 1;
        double *face = NULL;
        NB_CHECK(cudaMallocHost((void **)&face, (size_t)n * 6 * sizeof(double)));
        int nf = 0;
        for (int i = 0; i < n; ++i) {
            const double x = pos[3 * i + d];
            if ((upper && x >= ps->hi[d]) || (!upper && x < ps->lo[d])) {
                memcpy(face + 6 * nf, pos + 3 * i, 3 * sizeof(double));
                memcpy(face + 6 * nf + 3, vel + 3 * i, 3 * sizeof(double));
                ++nf;
            }
        }
        memcpy(send + 6 * sent, face, (size_t)nf * 6 * sizeof(double));
        counts[f] = nf;
        sent += nf;
        cudaFreeHost(face);
    }
    for (int i = 0; i < n; ++i) {
        int inside = 1;
        for (int d = 0; d < 3; ++d) {
            inside &= pos[3 * i + d] >= ps->lo[d] && pos[3 * i + d] < ps->hi[d];
        }
        if (inside) {
            memmove(stay_pos + 3 * kept, pos + 3 * i, 3 * sizeof(double));
            memmove(stay_vel + 3 * kept, vel + 3 * i, 3 * sizeof(double));
            ++kept;
        }
    }
    return kept;
}

int dump_particles(const ParticleSet *ps, const char *path) {
    char name[256];
    snprintf(name, sizeof(name), "%s.%04d", path, ps->rank);
    double *h = NULL;
    NB_CHECK(cudaMallocHost((void **)&h, 6 * (size_t)ps->n * sizeof(double)));
    NB_CHECK(cudaMemcpy(h, ps->d_pos, 3 * (size_t)ps->n * sizeof(double), cudaMemcpyDeviceToHost));
    NB_CHECK(cudaMemcpy(h + 3 * (size_t)ps->n, ps->d_vel, 3 * (size_t)ps->n * sizeof(double), cudaMemcpyDeviceToHost));
    FILE *fp = fopen(name, "wb");
    if (!fp) {
        return -1;
    }
    const int64_t n = ps->n;
    int rc = (fwrite(&n, sizeof(n), 1, fp) == 1 && fwrite(h, sizeof(double), 6 * (size_t)n, fp) == 6 * (size_t)n) ? 0 : -1;
    fclose(fp);
    cudaFreeHost(h);
    return rc;
}
