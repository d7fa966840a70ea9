// halohip: dynamical-core halo exchange driver (advection + hyperdiffusion on a limited-area grid).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "halo.hpp"
#include "hip_check.hpp"

int g_rank = 0;

namespace {

struct Config {
    int gnx = 1024, gny = 1024, gnz = 64;
    int px = 0, py = 0;
    int steps = 2000;
    double dt_s = 20.0;
    int output_every = 180;
    int bc_every = 90;
    int regrid_at = -1, regrid_nz = 96;
    std::string restart, out_prefix = "snap";
};

Config parse(int argc, char** argv) {
    Config c;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--nx") c.gnx = std::atoi(v.c_str());
        else if (k == "--ny") c.gny = std::atoi(v.c_str());
        else if (k == "--nz") c.gnz = std::atoi(v.c_str());
        else if (k == "--steps") c.steps = std::atoi(v.c_str());
        else if (k == "--output-every") c.output_every = std::atoi(v.c_str());
        else if (k == "--bc-every") c.bc_every = std::atoi(v.c_str());
        else if (k == "--regrid-at") c.regrid_at = std::atoi(v.c_str());
        else if (k == "--regrid-nz") c.regrid_nz = std::atoi(v.c_str());
        else if (k == "--restart") c.restart = v;
        else if (k == "--out") c.out_prefix = v;
    }
    return c;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int nranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    Config cfg = parse(argc, argv);

    int ndev = 0;
    HIP_CHECK(hipGetDeviceCount(&ndev));
    HIP_CHECK(hipSetDevice(g_rank % ndev));
    int dims[2] = {cfg.px, cfg.py};
    MPI_Dims_create(nranks, 2, dims);

    halo::Grid grid;
    grid.allocate(MPI_COMM_WORLD, dims[0], dims[1], cfg.gnx, cfg.gny, cfg.gnz);

    std::vector<halo::Field> fields = {{"theta"}, {"u"}, {"v"}, {"qv"}};
    for (auto& f : fields) {
        HIP_CHECK(hipMalloc(&f.d, grid.cells() * sizeof(double)));
        HIP_CHECK(hipMemset(f.d, 0, grid.cells() * sizeof(double)));
    }
    hipStream_t stream;
    HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));

    double t_hours = 0.0;
    if (!cfg.restart.empty()) {
        t_hours = halo::read_restart(cfg.restart + "_r" + std::to_string(g_rank) + ".bin", fields, grid);
    }

    halo::HaloExchanger hx(grid);
    halo::Diagnostics diag(grid);
    halo::SnapshotWriter writer(grid, cfg.out_prefix);

    // Single probe point (rank-local column top), read back at every output step.
    double* h_probe = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h_probe), sizeof(double), hipHostMallocDefault));

    for (int step = 1; step <= cfg.steps; ++step) {
        if (step == cfg.regrid_at) {
            hx.resize_levels(cfg.regrid_nz);
        }
        for (auto& f : fields) {
            hx.exchange(f, stream);
        }
        hx.exchange_corners(fields[0], stream);
        if (step % cfg.bc_every == 0) {
            halo::apply_lateral_bc(fields, grid, t_hours, stream);
        }
        t_hours += cfg.dt_s / 3600.0;

        if (step % cfg.output_every == 0) {
            diag.column_max(fields[0], step, stream);
            HIP_CHECK(hipMemcpyAsync(h_probe, fields[0].d + grid.cells() - 1, sizeof(double), hipMemcpyDeviceToHost, stream));
            HIP_CHECK(hipStreamSynchronize(stream));
            if (!std::isfinite(*h_probe)) {
                std::fprintf(stderr, "[rank %d] non-finite theta at step %d, aborting\n", g_rank, step);
                MPI_Abort(MPI_COMM_WORLD, 3);
            }
            for (auto& f : fields) {
                writer.write(f, step, stream);
            }
        }
    }

    diag.dump_profile(fields[0], cfg.out_prefix + "_theta_profile.txt", stream);
    HIP_CHECK(hipHostFree(h_probe));
    for (auto& f : fields) {
        hipFree(f.d);
    }
    hipStreamDestroy(stream);
    grid.release();
    MPI_Finalize();
    return 0;
}
