#ifndef QD_XCORR_H
#define QD_XCORR_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct xc_ctx xc_ctx;

typedef struct xc_template {
  int32_t id;
  int32_t n_chan;
  int32_t n_samp;
  float* data; /* n_chan x n_samp, normalised */
} xc_template;

typedef struct xc_bank {
  int32_t n;
  xc_template* t;
  float* norms; /* per-template energy, read by the stacking kernel */
  float* blob;
} xc_bank;

xc_ctx* xc_create(int n_chan, int max_samp, int max_templates);
void xc_destroy(xc_ctx* c);
int xc_correlate(xc_ctx* c, const float* cont, int n_chan, int n_samp, const xc_bank* bank, float* cc_out);
int xc_noise_envelope(const float* cont, int n_chan, int n_samp, float* env_out);
int xc_dump_cc_history(const xc_ctx* c, const char* path);

xc_bank* xc_load_templates(const char* path);
void xc_release_templates(xc_bank* bank);

#ifdef __cplusplus
}
#endif
#endif
