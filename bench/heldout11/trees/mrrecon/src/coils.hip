#include <string.h>
#include <hip/hip_runtime.h>

#include "mrr.h"
#include "mrr_util.h"

__global__ void sos_kernel(const float* calib, int n, float* acc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] += calib[2 * i] * calib[2 * i] + calib[2 * i + 1] * calib[2 * i + 1];
}

/* Low-resolution sensitivity maps: coil image / root-sum-of-squares. */
extern "C" int mrr_estimate_sens(mrr_plan* plan, float* calib, int coils, size_t coil_stride, float* sens_out) {
  const int n = plan->nx * plan->ny;
  float *d_calib, *d_acc;
  MRR_RET(hipMalloc((void**)&d_calib, 2 * (size_t)n * sizeof(float)));
  MRR_RET(hipMalloc((void**)&d_acc, (size_t)n * sizeof(float)));
  MRR_RET(hipMemset(d_acc, 0, (size_t)n * sizeof(float)));
  for (int c = 0; c < coils; ++c) {
    float* coil = calib + (size_t)c * coil_stride;
    MRR_DIE(hipHostRegister(coil, 2 * (size_t)n * sizeof(float), hipHostRegisterDefault));
    MRR_DIE(hipMemcpy(d_calib, coil, 2 * (size_t)n * sizeof(float), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(sos_kernel, dim3((n + 255) / 256), dim3(256), 0, 0, d_calib, n, d_acc);
    MRR_DIE(hipDeviceSynchronize());
    MRR_DIE(hipHostUnregister(coil));
  }
  float* rss = (float*)malloc((size_t)n * sizeof(float));
  MRR_DIE(hipMemcpy(rss, d_acc, (size_t)n * sizeof(float), hipMemcpyDeviceToHost));
  for (int c = 0; c < coils; ++c)
    for (int i = 0; i < n; ++i) {
      float r = sqrtf(rss[i]) + 1e-6f;
      sens_out[(size_t)c * 2 * n + 2 * i] = calib[(size_t)c * coil_stride + 2 * i] / r;
      sens_out[(size_t)c * 2 * n + 2 * i + 1] = calib[(size_t)c * coil_stride + 2 * i + 1] / r;
    }
  free(rss);
  (void)hipFree(d_calib);
  (void)hipFree(d_acc);
  return 0;
}

extern "C" int mrr_pin(void* ptr, size_t bytes) {
  return hipHostRegister(ptr, bytes, hipHostRegisterPortable) == hipSuccess ? 0 : -1;
}

extern "C" int mrr_unpin(void* ptr) { return hipHostUnregister(ptr) == hipSuccess ? 0 : -1; }
