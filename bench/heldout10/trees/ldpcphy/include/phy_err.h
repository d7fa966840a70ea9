#ifndef PHY_ERR_H
#define PHY_ERR_H

#include <stdio.h>
#include <stdlib.h>
#include <cuda.h>
#include <cuda_runtime.h>

#define PHY_OK 0
#define PHY_ECUDA (-1)
#define PHY_EIO (-2)
#define PHY_ECRC (-3)
#define PHY_ENOMEM (-4)

void phy_log_cuda(const char* file, int line, cudaError_t e);
void phy_log_drv(const char* file, int line, CUresult r);

/* Returns PHY_ECUDA from the enclosing function. */
#define PHY_TRY(call)                                   \
  do {                                                  \
    cudaError_t e_ = (call);                            \
    if (e_ != cudaSuccess) {                            \
      phy_log_cuda(__FILE__, __LINE__, e_);             \
      return PHY_ECUDA;                                 \
    }                                                   \
  } while (0)

/* Driver-API flavour of PHY_TRY. */
#define PHY_TRY_DRV(call)                               \
  do {                                                  \
    CUresult r_ = (call);                               \
    if (r_ != CUDA_SUCCESS) {                           \
      phy_log_drv(__FILE__, __LINE__, r_);              \
      return PHY_ECUDA;                                 \
    }                                                   \
  } while (0)

/* Stores PHY_ECUDA in rc and jumps to label. */
#define PHY_GOTO(call, rc, label)                       \
  do {                                                  \
    cudaError_t e_ = (call);                            \
    if (e_ != cudaSuccess) {                            \
      phy_log_cuda(__FILE__, __LINE__, e_);             \
      (rc) = PHY_ECUDA;                                 \
      goto label;                                       \
    }                                                   \
  } while (0)

/* Unrecoverable set-up failure: the process exits. */
#define PHY_DIE(call)                                   \
  do {                                                  \
    cudaError_t e_ = (call);                            \
    if (e_ != cudaSuccess) {                            \
      phy_log_cuda(__FILE__, __LINE__, e_);             \
      exit(EXIT_FAILURE);                               \
    }                                                   \
  } while (0)

#define PHY_DIE_DRV(call)                               \
  do {                                                  \
    CUresult r_ = (call);                               \
    if (r_ != CUDA_SUCCESS) {                           \
      phy_log_drv(__FILE__, __LINE__, r_);              \
      exit(EXIT_FAILURE);                               \
    }                                                   \
  } while (0)

#endif /* PHY_ERR_H */
