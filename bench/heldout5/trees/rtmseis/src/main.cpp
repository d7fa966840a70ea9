#include <hip/hip_runtime.h>
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <vector>

#include "checkpoint.hpp"
#include "config.hpp"
#include "hip_check.hpp"
#include "io/segy.hpp"
#include "model.hpp"
#include "wavefield.hpp"

class Diagnostics;
Diagnostics* make_diagnostics(int nt, int nx);
void diag_energy(Diagnostics* d, const float* p, int nz, int it);
void diag_slice(Diagnostics* d, const float* p, int z, int it, FILE* log);
void diag_finish(Diagnostics* d, const std::string& path);
hipError_t upload_wavelet(float* d_wavelet, int nt, float dt, float f0, hipStream_t s);
hipError_t record_shot(float* gather, size_t nrec, int nt, const float* d_p, int rz, int nx, hipStream_t s);
int correlate_all(float* d_image, const std::vector<std::vector<float>>& partials, size_t n, hipStream_t s);

static void propagate(const RtmConfig& cfg, VelocityModel& vel, Wavefield& wf, Checkpointer& ck,
                      const float* d_wavelet, const SegyShot& shot, Diagnostics* diag, FILE* log) {
    for (int it = 0; it < cfg.nt; ++it) {
        wf.inject(d_wavelet, it, shot.sx, shot.sz);
        wf.step(vel.device(), it);
        diag_energy(diag, wf.p_cur(), cfg.nz, it);
        if (it % cfg.snap_every == 0) {
            wf.download_snapshot();
            ck.save(wf, it);
            diag_slice(diag, wf.p_cur(), cfg.nz / 2, it, log);
        }
    }
}

static int run_shot(const RtmConfig& cfg, int s, VelocityModel& vel, Wavefield& wf, Diagnostics* diag,
                    float* d_wavelet, hipStream_t stream, FILE* log) {
    SegyShot shot;
    if (read_traces(cfg.shots_path, s, shot) != 0) return -1;
    if (upload_wavelet(d_wavelet, cfg.nt, cfg.dt, cfg.f0, stream) != hipSuccess) return -1;
    Checkpointer ck(cfg.checkpoint_dir, cfg.nx, cfg.nz);
    propagate(cfg, vel, wf, ck, d_wavelet, shot, diag, log);
    std::vector<float> gather(size_t(shot.nrec) * cfg.nt);
    if (record_shot(gather.data(), shot.nrec, cfg.nt, wf.p_cur(), 2, cfg.nx, stream) != hipSuccess)
        std::fprintf(stderr, "shot %d: gather not recorded\n", s);
    return 0;
}

int main(int argc, char** argv) {
    Kokkos::ScopeGuard kokkos(argc, argv);
    RtmConfig cfg = parse_config(argc, argv);
    hipStream_t stream;
    HIP_ABORT(hipStreamCreate(&stream));
    VelocityModel vel(cfg.velocity_path, cfg.nx, cfg.nz);
    if (!cfg.density_path.empty()) vel.load_density(cfg.density_path);
    Wavefield wf(cfg, stream);
    Diagnostics* diag = make_diagnostics(cfg.nt, cfg.nx);
    float* d_wavelet = nullptr;
    float* d_image = nullptr;
    HIP_ABORT(hipMalloc(&d_wavelet, cfg.nt * sizeof(float)));
    HIP_ABORT(hipMalloc(&d_image, size_t(cfg.nx) * cfg.nz * sizeof(float)));
    FILE* log = std::fopen("rtm.log", "w");
    const int nshots = 64;
    std::vector<std::vector<float>> partials;
    for (int s = 0; s < nshots; ++s) {
        if (run_shot(cfg, s, vel, wf, diag, d_wavelet, stream, log) != 0) continue;
        Checkpointer ck(cfg.checkpoint_dir, cfg.nx, cfg.nz);
        std::vector<std::vector<float>> snaps;
        ck.restore_all(snaps);
        partials.emplace_back(wf.snapshot().data(), wf.snapshot().data() + wf.snapshot().size());
    }
    correlate_all(d_image, partials, size_t(cfg.nx) * cfg.nz, stream);
    write_image(cfg.image_path, d_image, cfg.nx, cfg.nz);
    diag_finish(diag, "energy.txt");
    std::fclose(log);
    hipFree(d_wavelet);
    hipFree(d_image);
    return 0;
}
