#ifndef ROOMACOUSTICS_RA_H
#define ROOMACOUSTICS_RA_H

#ifdef __cplusplus
extern "C" {
#endif

enum { RA_OK = 0, RA_ERR_CUDA = 1, RA_ERR_IO = 2, RA_ERR_FORMAT = 3, RA_ERR_ARG = 4 };

typedef struct {
  float L, W, H;  /* shoebox dimensions (m) */
  float beta[6];  /* pressure reflection coefficients: x0, x1, y0, y1, z0, z1 */
} ra_room;

typedef struct {
  char name[24];
  float alpha[6]; /* absorption per octave band 125 Hz .. 4 kHz */
} ra_material;

int ra_init(int max_bands);
void ra_shutdown(void);
int ra_precompute_directivity(int n_angles);
int ra_compute_rir(const ra_room* room, const float* src, const float* mic, int fs, int max_order,
                   float* out, int n_out);
int ra_band_filter(const float* rir, int n, int fs, int n_bands, float* out);
int ra_convolve(const float* a, int na, const float* b, int nb, float* out);
int ra_load_materials(const char* path, ra_material* out, int max, int* n_out);
int ra_write_wav(const char* path, const float* samples, int n, int fs);
const char* ra_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif
