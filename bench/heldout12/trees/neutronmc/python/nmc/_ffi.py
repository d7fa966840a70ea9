import os
from pathlib import Path

from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct nmc_ctx nmc_ctx;
    typedef struct {
      int particles;
      int n_tally_bins;
      int mesh_nx, mesh_ny, mesh_nz;
      unsigned long long seed;
    } nmc_settings;

    nmc_ctx* nmc_create(const nmc_settings* s);
    void nmc_destroy(nmc_ctx* ctx);
    int nmc_load_xs(nmc_ctx* ctx, const char* path);
    int nmc_load_thermal(nmc_ctx* ctx, double* sab, size_t n);
    void nmc_load_urr(nmc_ctx* ctx, const char* path);
    int nmc_sample_source(nmc_ctx* ctx, double* xyz, int n);
    int nmc_run_batch(nmc_ctx* ctx, int batch, int generations, double* keff);
    int nmc_read_flux(nmc_ctx* ctx, float* out);
    int nmc_read_rates(nmc_ctx* ctx, int zaid, double* out, int n_reactions);
    int nmc_tally_snapshot(nmc_ctx* ctx, const char* path);
    """
)
lib = ffi.dlopen(os.environ.get("NMC_LIB", str(Path(__file__).with_name("libnmc.so"))))
