#ifndef COSMOPM_PMCORE_H
#define COSMOPM_PMCORE_H

#include <stddef.h>
#include <stdint.h>

typedef struct pm_ctx pm_ctx;

enum { PM_OK = 0, PM_ECUDA = -1, PM_EIO = -2, PM_EFORMAT = -3 };

int pm_init(int n_grid, int64_t n_part, double box, const char* ptx_path, pm_ctx** out);
void pm_finalize(pm_ctx* ctx);
int pm_read_ic(pm_ctx* ctx, const char* path);
int pm_step(pm_ctx* ctx, double a, double da);
int pm_positions(pm_ctx* ctx, float* out, int64_t n);
int pm_power_spectrum(pm_ctx* ctx, int n_bins, double* k_out, double* pk_out);
int pm_write_snapshot(pm_ctx* ctx, const char* path, double a);
int pm_checkpoint(pm_ctx* ctx, const char* path);
const char* pm_error(void);

#endif
