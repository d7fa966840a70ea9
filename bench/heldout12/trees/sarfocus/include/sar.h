/* sarfocus: stripmap SAR focusing (range-Doppler algorithm) on the CUDA driver API. */
#ifndef SAR_H
#define SAR_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SAR_OK = 0, SAR_ERR_CUDA = 1, SAR_ERR_IO = 2, SAR_ERR_FORMAT = 3 };

typedef struct sar_ctx sar_ctx;

typedef struct {
  double t, x, y, z, vx, vy, vz;
} sar_state_vector;

typedef struct {
  double fs;          /* range sampling rate [Hz] */
  double bandwidth;   /* chirp bandwidth [Hz] */
  double pulse_len;   /* [s] */
  double prf;         /* [Hz] */
  double wavelength;  /* [m] */
  double near_range;  /* [m] */
  int n_state_vectors;
} sar_params;

sar_ctx* sar_open(int device, size_t max_lines, size_t max_samples, const char* ptx_path);
void sar_close(sar_ctx* ctx);
int sar_read_leader(sar_ctx* ctx, const char* path, sar_params* out);
int sar_range_compress(sar_ctx* ctx, const int16_t* raw_iq, size_t lines, size_t samples);
int sar_rcmc(sar_ctx* ctx, size_t lines, size_t samples, double fdc);
int sar_azimuth_focus(sar_ctx* ctx, float* slc, size_t lines, size_t samples, double fdc);
int sar_multilook(sar_ctx* ctx, const float* slc, size_t lines, size_t samples, int az_looks, int rg_looks,
                  float* out);
int sar_geocode(sar_ctx* ctx, const float* image, size_t lines, size_t samples, const char* out_path);

#ifdef __cplusplus
}
#endif
#endif
