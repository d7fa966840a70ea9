#ifndef MICROMAG_LLG_H
#define MICROMAG_LLG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mm_ctx mm_ctx;

enum { MM_OK = 0, MM_ERR_HIP = 1, MM_ERR_IO = 2, MM_ERR_FORMAT = 3, MM_ERR_ARG = 4 };

typedef struct {
  int nx, ny, nz;
  float dx, dy, dz; /* cell size (m) */
  float Ms;         /* saturation magnetisation (A/m) */
  float Aex;        /* exchange stiffness (J/m) */
  float alpha;      /* Gilbert damping */
  float Ku1;        /* uniaxial anisotropy along z (J/m^3) */
} mm_params;

mm_ctx* mm_create(const mm_params* p);
void mm_destroy(mm_ctx* ctx);
int mm_load_geometry(mm_ctx* ctx, const char* path);
int mm_set_magnetisation(mm_ctx* ctx, const float* m);
int mm_get_magnetisation(mm_ctx* ctx, float* m);
int mm_step(mm_ctx* ctx, double dt, const float* h_ext);
int mm_demag_field(mm_ctx* ctx, float* h_out);
int mm_save_ovf(mm_ctx* ctx, const char* path, double t);
int mm_sweep_field(mm_ctx* ctx, const float* fields, int n_fields, int relax_steps, float* mz_out);
int mm_energy_report(mm_ctx* ctx, const char* path);
const char* mm_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif /* MICROMAG_LLG_H */
