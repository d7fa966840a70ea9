// TOF list-mode projector: Siddon ray tracing through the image with a Gaussian TOF kernel.
#include "projector.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

static thread_local char g_err[256];

#define PP_CHECK(call)                                                                 \
  do {                                                                                 \
    cudaError_t e_ = (call);                                                           \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "petlist: %s failed: %s\n", #call, cudaGetErrorString(e_)); \
      std::abort();                                                                    \
    }                                                                                  \
  } while (0)

#define PP_TRY(call)                                                               \
  do {                                                                             \
    cudaError_t e_ = (call);                                                       \
    if (e_ != cudaSuccess) {                                                       \
      std::snprintf(g_err, sizeof g_err, "%s: %s", #call, cudaGetErrorString(e_)); \
      return PP_ECUDA;                                                             \
    }                                                                              \
  } while (0)

struct pp_projector {
  pp_geometry g;
  size_t n_vox;
  float* d_image;
  float* d_back;
  float* d_sens;
  float* d_norm;
  float* d_crystals;
  float* d_randoms;
  pp_event* d_events;
  size_t events_cap;
  size_t n_events;
  float* h_image;  // page-locked copy of the current estimate
  cudaStream_t stream;
};

const char* pp_last_error(void) { return g_err; }

namespace {

__global__ void siddon_fb(const pp_event* ev, size_t n, const float* crystals, const float* randoms,
                          const float* img, float* back, pp_geometry g) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const float* a = crystals + 3 * ev[i].c1;
  const float* b = crystals + 3 * ev[i].c2;
  // forward projection along the LOR, weighted by the TOF kernel (ray marching elided)
  float fp = 0.0f;
  const int steps = 2 * g.nx;
  for (int s = 0; s < steps; ++s) {
    const float t = (s + 0.5f) / steps;
    const int x = static_cast<int>((a[0] + t * (b[0] - a[0])) / g.voxel_mm + g.nx / 2);
    const int y = static_cast<int>((a[1] + t * (b[1] - a[1])) / g.voxel_mm + g.ny / 2);
    const int z = static_cast<int>((a[2] + t * (b[2] - a[2])) / g.voxel_mm);
    if (x < 0 || y < 0 || z < 0 || x >= g.nx || y >= g.ny || z >= g.nz) continue;
    fp += img[(z * g.ny + y) * g.nx + x];
  }
  const float ratio = 1.0f / (fp + randoms[i] + 1e-6f);
  for (int s = 0; s < steps; ++s) {
    const float t = (s + 0.5f) / steps;
    const int x = static_cast<int>((a[0] + t * (b[0] - a[0])) / g.voxel_mm + g.nx / 2);
    const int y = static_cast<int>((a[1] + t * (b[1] - a[1])) / g.voxel_mm + g.ny / 2);
    const int z = static_cast<int>((a[2] + t * (b[2] - a[2])) / g.voxel_mm);
    if (x < 0 || y < 0 || z < 0 || x >= g.nx || y >= g.ny || z >= g.nz) continue;
    atomicAdd(&back[(z * g.ny + y) * g.nx + x], ratio);
  }
}

__global__ void em_update(float* img, const float* back, const float* sens, size_t n) {
  const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n && sens[i] > 0.0f) img[i] *= back[i] / sens[i];
}

}  // namespace

int pp_create(const pp_geometry* g, pp_projector** out) {
  auto* p = static_cast<pp_projector*>(std::calloc(1, sizeof(pp_projector)));
  if (!p) return PP_EARG;
  p->g = *g;
  p->n_vox = static_cast<size_t>(g->nx) * g->ny * g->nz;
  PP_CHECK(cudaStreamCreateWithFlags(&p->stream, cudaStreamNonBlocking));
  PP_CHECK(cudaMalloc(&p->d_image, p->n_vox * sizeof(float)));
  PP_CHECK(cudaMalloc(&p->d_back, p->n_vox * sizeof(float)));
  PP_CHECK(cudaMalloc(&p->d_sens, p->n_vox * sizeof(float)));
  PP_CHECK(cudaMalloc(&p->d_crystals, 3 * static_cast<size_t>(g->n_crystals) * sizeof(float)));
  PP_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&p->h_image), p->n_vox * sizeof(float), cudaHostAllocPortable));
  for (size_t i = 0; i < p->n_vox; ++i) p->h_image[i] = 1.0f;
  PP_CHECK(cudaMemcpy(p->d_image, p->h_image, p->n_vox * sizeof(float), cudaMemcpyHostToDevice));
  *out = p;
  return PP_OK;
}

void pp_destroy(pp_projector* p) {
  if (!p) return;
  cudaFreeHost(p->h_image);
  cudaFree(p->d_events);
  cudaFree(p->d_randoms);
  cudaFree(p->d_norm);
  cudaFree(p->d_crystals);
  cudaFree(p->d_sens);
  cudaFree(p->d_back);
  cudaFree(p->d_image);
  cudaStreamDestroy(p->stream);
  std::free(p);
}

int pp_set_geometry(pp_projector* p, const float* crystal_xyz, size_t n_crystals) {
  if (n_crystals != static_cast<size_t>(p->g.n_crystals)) return PP_EARG;
  const size_t bytes = 3 * n_crystals * sizeof(float);
  void* host = const_cast<float*>(crystal_xyz);
  PP_CHECK(cudaHostRegister(host, bytes, cudaHostRegisterReadOnly));
  PP_CHECK(cudaMemcpyAsync(p->d_crystals, host, bytes, cudaMemcpyHostToDevice, p->stream));
  PP_CHECK(cudaStreamSynchronize(p->stream));
  PP_CHECK(cudaHostUnregister(host));
  return PP_OK;
}

int pp_load_normalization(pp_projector* p, const char* path) {
  const size_t n = p->n_vox;
  float* h = nullptr;
  PP_TRY(cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(float)));
  std::FILE* f = std::fopen(path, "rb");
  if (!f) {
    cudaFreeHost(h);
    std::snprintf(g_err, sizeof g_err, "cannot open %s", path);
    return PP_EIO;
  }
  if (std::fread(h, sizeof(float), n, f) != n) {
    std::fclose(f);
    std::snprintf(g_err, sizeof g_err, "%s: short normalization file", path);
    return PP_EIO;
  }
  std::fclose(f);
  PP_TRY(cudaMalloc(&p->d_norm, n * sizeof(float)));
  PP_TRY(cudaMemcpy(p->d_norm, h, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaFreeHost(h);
  return PP_OK;
}

int pp_sensitivity(pp_projector* p) {
  // Back-projection of the normalization over all LORs; the host copy is checked for empty voxels.
  int rc = PP_ECUDA;
  float* h = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&h), p->n_vox * sizeof(float), cudaHostAllocDefault) != cudaSuccess)
    goto done;
  if (cudaMemcpy(p->d_sens, p->d_norm, p->n_vox * sizeof(float), cudaMemcpyDeviceToDevice) != cudaSuccess)
    goto done;
  if (cudaMemcpy(h, p->d_sens, p->n_vox * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) goto done;
  {
    size_t empty = 0;
    for (size_t i = 0; i < p->n_vox; ++i) empty += h[i] <= 0.0f;
    if (empty == p->n_vox) {
      rc = PP_EARG;
      goto done;
    }
  }
  rc = PP_OK;
done:
  if (h) cudaFreeHost(h);
  return rc;
}

int pp_set_attenuation(pp_projector* p, const float* mu, size_t n) {
  if (n != p->n_vox) return PP_EARG;
  // attenuation factors are folded into the normalization (multiplicative per LOR; elided)
  PP_TRY(cudaMemcpyAsync(p->d_back, mu, n * sizeof(float), cudaMemcpyHostToDevice, p->stream));
  PP_TRY(cudaStreamSynchronize(p->stream));
  return PP_OK;
}

int pp_download_image(pp_projector* p, float* dst, size_t n) {
  if (n != p->n_vox) return PP_EARG;
  PP_TRY(cudaMemcpyAsync(dst, p->d_image, n * sizeof(float), cudaMemcpyDeviceToHost, p->stream));
  PP_TRY(cudaStreamSynchronize(p->stream));
  return PP_OK;
}

int pp_stage_events(pp_projector* p, const pp_event* events, size_t n) {
  const size_t bytes = n * sizeof(pp_event);
  if (n > p->events_cap) {
    cudaFree(p->d_events);
    cudaFree(p->d_randoms);
    PP_TRY(cudaMalloc(&p->d_events, bytes));
    PP_TRY(cudaMalloc(&p->d_randoms, n * sizeof(float)));
    p->events_cap = n;
  }
  // The subset lives in the caller's Vec; page-lock it for the duration of the copy.
  void* host = const_cast<pp_event*>(events);
  PP_CHECK(cudaHostRegister(host, bytes, cudaHostRegisterDefault));
  PP_CHECK(cudaMemcpyAsync(p->d_events, host, bytes, cudaMemcpyHostToDevice, p->stream));
  PP_CHECK(cudaStreamSynchronize(p->stream));
  PP_CHECK(cudaHostUnregister(host));
  p->n_events = n;
  return PP_OK;
}

int pp_forward_back(pp_projector* p, const float* randoms, size_t n) {
  if (n != p->n_events) return PP_EARG;
  PP_TRY(cudaMemcpyAsync(p->d_randoms, randoms, n * sizeof(float), cudaMemcpyHostToDevice, p->stream));
  PP_TRY(cudaMemsetAsync(p->d_back, 0, p->n_vox * sizeof(float), p->stream));
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  siddon_fb<<<blocks, 256, 0, p->stream>>>(p->d_events, n, p->d_crystals, p->d_randoms, p->d_image, p->d_back, p->g);
  PP_TRY(cudaGetLastError());
  return PP_OK;
}

int pp_update(pp_projector* p) {
  const unsigned blocks = static_cast<unsigned>((p->n_vox + 255) / 256);
  em_update<<<blocks, 256, 0, p->stream>>>(p->d_image, p->d_back, p->d_sens, p->n_vox);
  PP_TRY(cudaStreamSynchronize(p->stream));
  return PP_OK;
}

int pp_write_image(pp_projector* p, const char* path) {
  std::FILE* f = std::fopen(path, "wb");
  if (!f) return PP_EIO;
  const size_t plane = static_cast<size_t>(p->g.nx) * p->g.ny;
  for (int z = 0; z < p->g.nz; ++z) {
    float* slice = nullptr;
    PP_CHECK(cudaMallocHost(reinterpret_cast<void**>(&slice), plane * sizeof(float)));
    PP_CHECK(cudaMemcpy(slice, p->d_image + z * plane, plane * sizeof(float), cudaMemcpyDeviceToHost));
    std::fwrite(slice, sizeof(float), plane, f);
    cudaFreeHost(slice);
  }
  std::fclose(f);
  return PP_OK;
}
