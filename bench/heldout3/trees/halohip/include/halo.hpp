#pragma once

#include <hip/hip_runtime.h>
#include <mpi.h>

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace halo {

// Local block of a 3-D lat/lon/level grid with `ng` ghost cells on each horizontal side.
struct Grid {
    int nx = 0, ny = 0, nz = 0, ng = 2;
    int px = 1, py = 1;          // process grid
    int cx = 0, cy = 0;          // my coordinates
    std::array<int, 4> nbr{};    // W, E, S, N ranks (MPI_PROC_NULL at walls)
    MPI_Comm comm = MPI_COMM_NULL;
    double* topo = nullptr;      // mapped host array of surface height, (nx+2ng)*(ny+2ng)
    double* d_topo = nullptr;

    size_t plane() const { return size_t(nx + 2 * ng) * (ny + 2 * ng); }
    size_t cells() const { return plane() * nz; }
    void allocate(MPI_Comm world, int px_, int py_, int gnx, int gny, int gnz);
    void release();
};

struct Field {
    std::string name;
    double* d = nullptr;  // device, cells()
};

class HaloExchanger {
public:
    explicit HaloExchanger(const Grid& g);
    ~HaloExchanger();
    HaloExchanger(const HaloExchanger&) = delete;
    HaloExchanger& operator=(const HaloExchanger&) = delete;

    void exchange(Field& f, hipStream_t s);
    void exchange_corners(Field& f, hipStream_t s);
    void resize_levels(int nz);

private:
    const Grid& g_;
    int nz_;
    std::array<double*, 4> send_{};
    std::array<double*, 4> recv_{};
    std::array<size_t, 4> count_{};
    double* d_pack_ = nullptr;
};

// boundary.hip
void apply_lateral_bc(std::vector<Field>& fields, const Grid& g, double t_hours, hipStream_t s);

// diagnostics.hip
class Diagnostics {
public:
    explicit Diagnostics(const Grid& g);
    ~Diagnostics();
    void column_max(const Field& f, int step, hipStream_t s);
    bool dump_profile(const Field& f, const std::string& path, hipStream_t s);
    double last_max() const { return *global_max_; }

private:
    const Grid& g_;
    double* global_max_ = nullptr;  // pinned scalar, MPI_Allreduce target
};

// restart.cpp / io_writer.cpp
double read_restart(const std::string& path, std::vector<Field>& fields, const Grid& g);

class SnapshotWriter {
public:
    SnapshotWriter(const Grid& g, const std::string& prefix);
    ~SnapshotWriter();
    void write(const Field& f, int step, hipStream_t s);

private:
    const Grid& g_;
    std::string prefix_;
    std::vector<double> host_;
};

}  // namespace halo
