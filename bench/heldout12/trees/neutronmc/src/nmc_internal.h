#ifndef NMC_INTERNAL_H
#define NMC_INTERNAL_H
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "nmc.h"

/* Propagates a HIP error to the caller as NMC_ERR_HIP. */
#define NMC_TRY(expr)                                                              \
  do {                                                                             \
    hipError_t nmc_e_ = (expr);                                                    \
    if (nmc_e_ != hipSuccess) {                                                    \
      fprintf(stderr, "nmc: %s: %s\n", #expr, hipGetErrorString(nmc_e_));         \
      return NMC_ERR_HIP;                                                          \
    }                                                                              \
  } while (0)

/* Start-up paths that cannot continue: report and exit. */
#define NMC_DIE(expr)                                                              \
  do {                                                                             \
    hipError_t nmc_e_ = (expr);                                                    \
    if (nmc_e_ != hipSuccess) {                                                    \
      fprintf(stderr, "nmc fatal: %s: %s\n", #expr, hipGetErrorString(nmc_e_));   \
      exit(EXIT_FAILURE);                                                          \
    }                                                                              \
  } while (0)

#define NMC_REQUIRE(cond, msg)                                                     \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "nmc fatal: %s\n", (msg));                                   \
      exit(EXIT_FAILURE);                                                          \
    }                                                                              \
  } while (0)

typedef struct {
  double x, y, z, u, v, w, E, wgt;
  int cell, alive;
} nmc_particle;

typedef struct {
  double x, y, z, E;
} nmc_site;

struct nmc_ctx {
  nmc_settings s;
  int bank_size;
  nmc_particle* bank;       /* pinned */
  nmc_site* fission_bank;   /* pinned, coherent */
  nmc_particle* d_bank;
  float* d_tally;
  double* d_egrid;
  double* d_xs;
  double* d_sab;
  float* d_urr;
  int n_energy;
  double keff_sum;
  int batches_done;
};

int nmc_tally_accumulate(nmc_ctx* ctx, const float* bins);

#endif
