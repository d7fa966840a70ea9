#ifndef PF_MACROS_H
#define PF_MACROS_H
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#include "pf.h"

#ifdef __cplusplus
extern "C" {
#endif
void pf_set_error(const char* what, hipError_t e);
#ifdef __cplusplus
}
#endif

#define PF_TRY(call)                   \
  do {                                 \
    hipError_t e_ = (call);            \
    if (e_ != hipSuccess) {            \
      pf_set_error(#call, e_);         \
      return PF_EHIP;                  \
    }                                  \
  } while (0)

#define PF_DIE(call)                                                                  \
  do {                                                                                \
    hipError_t e_ = (call);                                                           \
    if (e_ != hipSuccess) {                                                           \
      fprintf(stderr, "libpf: %s failed: %s\n", #call, hipGetErrorString(e_));        \
      exit(70);                                                                       \
    }                                                                                 \
  } while (0)

struct pf_sim {
  int nx, ny;
  float dx, dt, undercooling, anisotropy;
  hipStream_t stream;
  float* d_phi;
  float* d_temp;
  float* d_phi_new;
  float* d_temp_new;
  float* d_orient;   /* optional grain orientation field */
  float* phi_host;   /* portable, nx*ny: last downloaded phase field */
};

#endif
