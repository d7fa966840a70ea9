/* neutronmc: continuous-energy Monte Carlo neutron transport (k-eigenvalue) on AMD GPUs. */
#ifndef NMC_H
#define NMC_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { NMC_OK = 0, NMC_ERR_HIP = 1, NMC_ERR_IO = 2, NMC_ERR_FORMAT = 3 };

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

#ifdef __cplusplus
}
#endif
#endif
