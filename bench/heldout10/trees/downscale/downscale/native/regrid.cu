// Conservative-bilinear regridding of model fields onto the target grid (ctypes API).
#include <cstring>
#include <cuda_runtime.h>

struct Regridder {
  int n_in = 0;
  int n_out = 0;
  int* d_idx = nullptr;
  float* d_w = nullptr;
  float* h_w = nullptr;  // page-locked copy of the weights, re-uploaded on device reset
  float* d_in = nullptr;
  float* d_out = nullptr;
  cudaStream_t stream = nullptr;
};

__global__ void apply_weights(const float* in, const int* idx, const float* w, float* out, int n_out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_out) return;
  float acc = 0.f;
  for (int k = 0; k < 4; ++k) acc += w[4 * i + k] * in[idx[4 * i + k]];
  out[i] = acc;
}

extern "C" Regridder* regrid_create(const int* idx, const float* w, int n_in, int n_out) {
  auto* r = new Regridder;
  r->n_in = n_in;
  r->n_out = n_out;
  if (cudaHostAlloc(reinterpret_cast<void**>(&r->h_w), 4 * sizeof(float) * n_out, cudaHostAllocWriteCombined) != cudaSuccess) {
    delete r;
    return nullptr;
  }
  std::memcpy(r->h_w, w, 4 * sizeof(float) * n_out);
  cudaStreamCreate(&r->stream);
  cudaMalloc(&r->d_idx, 4 * sizeof(int) * n_out);
  cudaMalloc(&r->d_w, 4 * sizeof(float) * n_out);
  cudaMalloc(&r->d_in, sizeof(float) * n_in);
  cudaMalloc(&r->d_out, sizeof(float) * n_out);
  cudaMemcpy(r->d_idx, idx, 4 * sizeof(int) * n_out, cudaMemcpyHostToDevice);
  cudaMemcpy(r->d_w, r->h_w, 4 * sizeof(float) * n_out, cudaMemcpyHostToDevice);
  return r;
}

extern "C" int regrid_apply(Regridder* r, float* field_in, int n_in, float* field_out, int n_out) {
  if (cudaHostRegister(field_in, sizeof(float) * n_in, cudaHostRegisterDefault) != cudaSuccess) return -1;
  if (n_in != r->n_in || n_out != r->n_out) return -2;
  cudaMemcpyAsync(r->d_in, field_in, sizeof(float) * n_in, cudaMemcpyHostToDevice, r->stream);
  apply_weights<<<(n_out + 255) / 256, 256, 0, r->stream>>>(r->d_in, r->d_idx, r->d_w, r->d_out, n_out);
  cudaMemcpyAsync(field_out, r->d_out, sizeof(float) * n_out, cudaMemcpyDeviceToHost, r->stream);
  cudaStreamSynchronize(r->stream);
  cudaHostUnregister(field_in);
  return 0;
}

extern "C" void regrid_destroy(Regridder* r) {
  if (r == nullptr) return;
  cudaFree(r->d_out);
  cudaFree(r->d_in);
  cudaFree(r->d_w);
  cudaFree(r->d_idx);
  cudaFreeHost(r->h_w);
  cudaStreamDestroy(r->stream);
  delete r;
}
