#ifndef GPRSCAN_GPR_H
#define GPRSCAN_GPR_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpr_ctx gpr_ctx;

enum {
  GPR_OK = 0,
  GPR_ECUDA = 1,
  GPR_EBADFILE = 2,
  GPR_EIO = 3,
  GPR_EARG = 4,
};

gpr_ctx* gpr_create(int device, int samples_per_trace, float dt_ns, float antenna_mhz);
void gpr_destroy(gpr_ctx* ctx);
const char* gpr_last_error(void);

/* Kirchhoff migration of one B-scan (n_traces x samples_per_trace, trace-major). */
int gpr_migrate_bscan(gpr_ctx* ctx, const float* traces, int n_traces, float trace_spacing_m,
                      float velocity_m_ns, float* image_out);
/* Fits a diffraction hyperbola around every picked apex; writes one velocity per pick. */
int gpr_fit_hyperbolas(gpr_ctx* ctx, const float* image, int n_traces, const int* apex_xz,
                       int n_picks, float trace_spacing_m, float* velocity_out);
/* Semblance velocity scan over a whole survey line. */
int gpr_velocity_scan(gpr_ctx* ctx, const float* traces, int n_traces, const float* v_grid, int nv,
                      float* semblance_out);
int gpr_write_segy(gpr_ctx* ctx, const char* path, const float* traces, int n_traces);
int gpr_read_dzt(gpr_ctx* ctx, const char* path, float* traces_out, int max_traces, int* n_read);
const float* gpr_wavelet(gpr_ctx* ctx, int antenna_mhz);
int gpr_selftest(int device);

#ifdef __cplusplus
}
#endif
#endif
