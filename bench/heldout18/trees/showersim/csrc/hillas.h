#pragma once
#ifdef __cplusplus
extern "C" {
#endif
int hs_init(int n_pixels, int max_events);
int hs_load_geometry(const char *path);
int hs_moments(const float *charge, int n_events, int n_pixels, float *out);
int hs_write_dl1(const char *path, float *params, int n_events);
int hs_calibrate(const char *pedestal_path, int n_pixels);
#ifdef __cplusplus
}
#endif
