#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hsi_ctx hsi_ctx;

int hsi_open(int samples, int bands, const float* dark, const float* gain, hsi_ctx** out);
void hsi_close(hsi_ctx* ctx);
int hsi_process_line(hsi_ctx* ctx, const uint16_t* raw, float* radiance);
int unmix_line(hsi_ctx* ctx, const float* radiance, const float* endmembers, int n_end, float* abundances);
int fit_endmembers(const float* pixels, int n_pix, int bands, int n_end, int iters, float* endmembers);
int hsi_read_cube(const char* path, int* lines, int* samples, int* bands, float** cube_out);
int hsi_write_cube(const char* path, float* cube, int lines, int samples, int bands);
const float* atmos_lut(int bands);

#ifdef __cplusplus
}
#endif
