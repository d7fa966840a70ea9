#ifndef RV_H
#define RV_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rv_ctx rv_ctx;

enum { RV_OK = 0, RV_EIO = 1, RV_ENOMEM = 2, RV_EARG = 3, RV_ECUDA = 4, RV_EPARSE = 5 };

/* Parameter vector layout (per phase p, offset RV_GLOBAL + p * RV_PER_PHASE):
 *   global: zero shift, U, V, W, eta0, eta1
 *   phase:  scale, a, b, c, alpha, beta, gamma, B_iso */
enum { RV_GLOBAL = 6, RV_PER_PHASE = 8 };

int rv_init(rv_ctx** out, int n_points, int max_phases);
void rv_destroy(rv_ctx* ctx);
int rv_set_two_theta(rv_ctx* ctx, const double* tth, int n);
int rv_load_instrument(rv_ctx* ctx, const char* prm_path);
int rv_load_cif_table(rv_ctx* ctx, const char* path, int phase);

int rv_profile_peaks(rv_ctx* ctx, const double* params, int n_phases, double* profile);
int rv_compute_pattern(rv_ctx* ctx, const double* params, int n_params, double* ycalc);
int rv_background_fit(rv_ctx* ctx, const double* residual, int n_coeff, double* coeff);
int rv_set_weights(rv_ctx* ctx, const double* sigma, int n);

int rv_write_fit_report(rv_ctx* ctx, const char* path, const double* params, int n_params, double rwp);
int rv_export_xy(rv_ctx* ctx, const char* path);
const char* rv_strerror(int rc);

#ifdef __cplusplus
}
#endif

#endif
