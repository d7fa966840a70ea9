#ifndef RADXFER_RT_H
#define RADXFER_RT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { RT_OK = 0, RT_EIO = 1, RT_ENOMEM = 2, RT_EDIM = 3, RT_EDEV = 4, RT_EFORMAT = 5 };

typedef struct rt_ctx rt_ctx;

typedef struct {
  int n_bands;
  int n_g;
  int n_layers;
  int n_cols;
} rt_dims;

rt_ctx* rt_create(const rt_dims* dims);
void rt_destroy(rt_ctx* ctx);

int rt_load_lookup(rt_ctx* ctx, const char* path);
int rt_init_solar(rt_ctx* ctx, const double* spectrum, int n);

/* Band-mean optical depth [n_bands][ncol][n_layers] for the given atmospheric state. */
int rt_compute_bands(rt_ctx* ctx, const double* play, const double* tlay, const double* h2o, double* tau,
                     int ncol);
/* Surface albedo and cosine of the solar zenith angle -> top/bottom boundary fluxes [ncol][2]. */
int rt_prepare_column(rt_ctx* ctx, const double* sfc_albedo, const double* mu0, int ncol, double* bc);

int rt_write_restart(rt_ctx* ctx, const char* path);
const char* rt_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
