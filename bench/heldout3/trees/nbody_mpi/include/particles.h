#ifndef NBODY_PARTICLES_H
#define NBODY_PARTICLES_H

#include <cuda_runtime_api.h>
#include <mpi.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NB_CHECK(call)                                                                   \
    do {                                                                                 \
        cudaError_t nb_err_ = (call);                                                    \
        if (nb_err_ != cudaSuccess) {                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
                    cudaGetErrorString(nb_err_));                                        \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                \
        }                                                                                \
    } while (0)

typedef struct {
    int n;          /* particles owned by this rank */
    int cap;
    double *d_pos;  /* device, 3*cap */
    double *d_vel;  /* device, 3*cap */
    double *d_acc;  /* device, 3*cap */
    double lo[3], hi[3];  /* my subdomain */
    double box;           /* global periodic box length */
    int rank, nranks;
    int nbr[6];           /* -x +x -y +y -z +z */
} ParticleSet;

/* exchange.cu */
void init_exchange(ParticleSet *ps, int max_migrants);
void exchange_particles(ParticleSet *ps, MPI_Comm comm);
void finalize_exchange(void);
void compute_forces(ParticleSet *ps, double cutoff);
void integrate(ParticleSet *ps, double dt);
void diag_init(int nbins);
void diag_energy(ParticleSet *ps, int step, MPI_Comm comm);
void diag_finalize(void);

/* host_io.c */
int read_initial_conditions(ParticleSet *ps, const char *path);
int pack_migrants(const double *pos, const double *vel, int n, const ParticleSet *ps, double *send, int *counts);
int dump_particles(const ParticleSet *ps, const char *path);

/* sort_cells.cu */
void sort_init(int max_particles);
void sort_by_cell(ParticleSet *ps, double cell_size);

#ifdef __cplusplus
}
#endif

#endif
