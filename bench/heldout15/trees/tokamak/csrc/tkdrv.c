/* Digitiser ring access through the CUDA driver API. The acquisition card DMAs into a
 * portable, device-mapped ring; reconstruction pulls one time slice at a time. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tk_digitizer {
  CUdevice dev;
  CUcontext ctx;
  float* ring;
  CUdeviceptr d_ring;
  int n_channels;
  int n_samples;
} tk_digitizer;

tk_digitizer* tk_open_digitizer(int n_channels, int n_samples) {
  if (cuInit(0) != CUDA_SUCCESS) return NULL;
  tk_digitizer* d = (tk_digitizer*)calloc(1, sizeof *d);
  d->n_channels = n_channels;
  d->n_samples = n_samples;
  if (cuDeviceGet(&d->dev, 0) != CUDA_SUCCESS || cuDevicePrimaryCtxRetain(&d->ctx, d->dev) != CUDA_SUCCESS) {
    free(d);
    return NULL;
  }
  cuCtxPushCurrent(d->ctx);
  const size_t bytes = (size_t)n_channels * n_samples * sizeof(float);
  if (cuMemHostAlloc((void**)&d->ring, bytes, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP) != CUDA_SUCCESS) {
    cuCtxPopCurrent(NULL);
    cuDevicePrimaryCtxRelease(d->dev);
    free(d);
    return NULL;
  }
  cuMemHostGetDevicePointer(&d->d_ring, d->ring, 0);
  cuCtxPopCurrent(NULL);
  return d;
}

void tk_close(tk_digitizer* d) {
  if (!d) return;
  cuCtxPushCurrent(d->ctx);
  cuMemFreeHost(d->ring);
  cuCtxPopCurrent(NULL);
  cuDevicePrimaryCtxRelease(d->dev);
  free(d);
}

/* Copy the channel values at time t (seconds since trigger, 1 MHz sampling) into slice. */
int tk_fetch_slice(tk_digitizer* d, float* slice, int n, double t) {
  const long sample = (long)(t * 1e6) % d->n_samples;
  CUresult r;
  cuCtxPushCurrent(d->ctx);
  r = cuMemHostRegister(slice, (size_t)n * sizeof(float), CU_MEMHOSTREGISTER_DEVICEMAP);
  if (r != CUDA_SUCCESS) {
    cuCtxPopCurrent(NULL);
    return -(int)r;
  }
  CUdeviceptr d_slice;
  r = cuMemHostGetDevicePointer(&d_slice, slice, 0);
  if (r == CUDA_SUCCESS) {
    const size_t row = (size_t)sample * d->n_channels * sizeof(float);
    r = cuMemcpyDtoD(d_slice, d->d_ring + row, (size_t)n * sizeof(float));
  }
  if (r == CUDA_SUCCESS) r = cuCtxSynchronize();
  cuMemHostUnregister(slice);
  cuCtxPopCurrent(NULL);
  return r == CUDA_SUCCESS ? 0 : -(int)r;
}

/* Coil file: count, then one line per coil: R Z dR dZ turns resistance. */
int tk_load_coil_geometry(tk_digitizer* d, const char* path, float* out, int max_coils) {
  FILE* f = fopen(path, "r");
  if (!f) return -1;
  float* staging = NULL;
  cuCtxPushCurrent(d->ctx);
  if (cuMemAllocHost((void**)&staging, (size_t)max_coils * 6 * sizeof(float)) != CUDA_SUCCESS) {
    cuCtxPopCurrent(NULL);
    fclose(f);
    return -2;
  }
  int n = 0;
  if (fscanf(f, "%d", &n) != 1 || n <= 0 || n > max_coils) {
    cuCtxPopCurrent(NULL);
    fclose(f);
    return -3;
  }
  for (int i = 0; i < n * 6; ++i) {
    if (fscanf(f, "%f", &staging[i]) != 1) {
      n = i / 6;
      break;
    }
  }
  fclose(f);
  memcpy(out, staging, (size_t)n * 6 * sizeof(float));
  cuMemFreeHost(staging);
  cuCtxPopCurrent(NULL);
  return n;
}
