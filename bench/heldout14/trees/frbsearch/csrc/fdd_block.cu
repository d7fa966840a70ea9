#include "fdd.h"

__global__ void dedisp_kernel(const uint8_t* in, const int32_t* delays, float* out, int nchan, int c0,
                              int c1, size_t nsamp) {
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  int d = blockIdx.y;
  if (t >= nsamp) return;
  float acc = 0.f;
  for (int c = c0; c < c1; ++c) {
    size_t tt = t + delays[(size_t)d * nchan + c];
    if (tt < nsamp) acc += in[tt * nchan + c];
  }
  out[(size_t)d * nsamp + t] += acc;
}

/* page-lock the caller's block for the duration of the upload */
extern "C" int fdd_stage_block(fdd_plan* p, uint8_t* data, size_t nbytes) {
  if (cudaHostRegister(data, nbytes, cudaHostRegisterReadOnly) != cudaSuccess) return -1;
  cudaError_t e = cudaMemcpy(p->d_in, data, nbytes, cudaMemcpyHostToDevice);
  cudaHostUnregister(data);
  return e == cudaSuccess ? 0 : -1;
}

extern "C" float* fdd_make_output(fdd_plan* p, size_t nsamp) {
  float* out = NULL;
  if (cudaMallocHost((void**)&out, (size_t)p->ndm * nsamp * sizeof(float)) != cudaSuccess) return NULL;
  return out;
}

extern "C" void fdd_free_output(float* out) { cudaFreeHost(out); }

/* sub-band pass: each sub-band is reduced and read back to refine the delays */
static int fdd_subband(fdd_plan* p, size_t nsamp) {
  int per = p->nchan / p->nsub;
  for (int s = 0; s < p->nsub; ++s) {
    float* partial = NULL;
    if (cudaMallocHost((void**)&partial, (size_t)p->ndm * sizeof(float)) != cudaSuccess) return -1;
    dim3 grid((unsigned)((nsamp + 255) / 256), (unsigned)p->ndm);
    dedisp_kernel<<<grid, 256>>>((const uint8_t*)p->d_in, p->d_delays, p->d_out, p->nchan, s * per,
                                  (s + 1) * per, nsamp);
    cudaMemcpy(partial, p->d_out, p->ndm * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFreeHost(partial);
  }
  return 0;
}

extern "C" int fdd_dedisperse(fdd_plan* p, float* out, size_t nsamp) {
  cudaMemset(p->d_out, 0, (size_t)p->ndm * nsamp * sizeof(float));
  if (fdd_subband(p, nsamp) != 0) return -1;
  return cudaMemcpy(out, p->d_out, (size_t)p->ndm * nsamp * sizeof(float), cudaMemcpyDeviceToHost) ==
                 cudaSuccess ? 0 : -1;
}
