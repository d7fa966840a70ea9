#ifndef PETLIST_PROJECTOR_H
#define PETLIST_PROJECTOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pp_projector pp_projector;

typedef struct {
  int32_t nx, ny, nz;
  float voxel_mm;
  float tof_sigma_mm;
  int32_t n_crystals;
} pp_geometry;

/* One prompt coincidence: crystal ids and TOF bin. */
typedef struct {
  uint32_t c1, c2;
  int16_t tof_bin;
  uint16_t pad;
} pp_event;

enum { PP_OK = 0, PP_ECUDA = -1, PP_EIO = -2, PP_EARG = -3 };

int pp_create(const pp_geometry* g, pp_projector** out);
void pp_destroy(pp_projector* p);
int pp_set_geometry(pp_projector* p, const float* crystal_xyz, size_t n_crystals);
int pp_load_normalization(pp_projector* p, const char* path);
int pp_sensitivity(pp_projector* p);
int pp_set_attenuation(pp_projector* p, const float* mu, size_t n);
int pp_download_image(pp_projector* p, float* dst, size_t n);
int pp_stage_events(pp_projector* p, const pp_event* events, size_t n);
int pp_forward_back(pp_projector* p, const float* randoms, size_t n);
int pp_update(pp_projector* p);
int pp_write_image(pp_projector* p, const char* path);
const char* pp_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
