// Direct-SCF J/K builder: Schwarz-screened shell quartets, one thread block per bra shell pair.
#include <cuda_runtime.h>

#include <cmath>
#include <cstring>
#include <new>

#include "eri.h"

struct eri_engine {
  int nbf;
  int nshell;
  int nprim;
  double tol;
  int* d_shells;
  double* d_prims;
  float* screen;    // Schwarz bounds per shell pair, mapped into the device address space
  float* d_screen;
  double* d_D;
  double* d_J;
  double* d_K;
  cudaStream_t stream;
};

__global__ void jk_kernel(const int* __restrict__ shells, const double* __restrict__ prims, const float* __restrict__ screen,
                          int nshell, int nbf, double tol, const double* __restrict__ D, double* J, double* K) {
  const int ij = blockIdx.x;
  const int i = ij / nshell, j = ij % nshell;
  if (j > i || screen[ij] < tol) return;
  for (int kl = threadIdx.x; kl < nshell * nshell; kl += blockDim.x) {
    const int k = kl / nshell, l = kl % nshell;
    if (l > k || static_cast<double>(screen[ij]) * screen[kl] < tol) continue;
    const double a = prims[2 * shells[5 * i + 2]], b = prims[2 * shells[5 * k + 2]];
    const double g = 1.0 / sqrt(a + b);
    const int p = shells[5 * i], r = shells[5 * k], q = shells[5 * j], s = shells[5 * l];
    atomicAdd(&J[p * nbf + q], g * D[r * nbf + s]);
    atomicAdd(&K[p * nbf + r], g * D[q * nbf + s]);
  }
}

static void schwarz(const int* shells, const double* prims, int nshell, float* out) {
  for (int i = 0; i < nshell; ++i)
    for (int j = 0; j < nshell; ++j) {
      const double a = prims[2 * shells[5 * i + 2]], b = prims[2 * shells[5 * j + 2]];
      out[i * nshell + j] = static_cast<float>(std::sqrt(M_PI / (a + b)) * std::exp(-a * b / (a + b)));
    }
}

extern "C" eri_engine* eri_engine_create(int nbf, int nshell, const int* shells, const double* prims, int nprim,
                                         double screen_tol) {
  eri_engine* e = new (std::nothrow) eri_engine{};
  if (!e) return nullptr;
  e->nbf = nbf;
  e->nshell = nshell;
  e->nprim = nprim;
  e->tol = screen_tol;
  const size_t npair = static_cast<size_t>(nshell) * nshell;
  if (cudaHostAlloc(reinterpret_cast<void**>(&e->screen), npair * sizeof(float), cudaHostAllocMapped) != cudaSuccess) {
    delete e;
    return nullptr;
  }
  schwarz(shells, prims, nshell, e->screen);
  cudaHostGetDevicePointer(reinterpret_cast<void**>(&e->d_screen), e->screen, 0);
  const size_t nn = static_cast<size_t>(nbf) * nbf;
  if (cudaMalloc(&e->d_shells, sizeof(int) * 5 * nshell) != cudaSuccess ||
      cudaMalloc(&e->d_prims, sizeof(double) * 2 * nprim) != cudaSuccess ||
      cudaMalloc(&e->d_D, sizeof(double) * nn) != cudaSuccess || cudaMalloc(&e->d_J, sizeof(double) * nn) != cudaSuccess ||
      cudaMalloc(&e->d_K, sizeof(double) * nn) != cudaSuccess ||
      cudaStreamCreateWithFlags(&e->stream, cudaStreamNonBlocking) != cudaSuccess) {
    eri_engine_destroy(e);
    return nullptr;
  }
  cudaMemcpy(e->d_shells, shells, sizeof(int) * 5 * nshell, cudaMemcpyHostToDevice);
  cudaMemcpy(e->d_prims, prims, sizeof(double) * 2 * nprim, cudaMemcpyHostToDevice);
  return e;
}

extern "C" void eri_engine_destroy(eri_engine* e) {
  if (!e) return;
  cudaFreeHost(e->screen);
  cudaFree(e->d_shells);
  cudaFree(e->d_prims);
  cudaFree(e->d_D);
  cudaFree(e->d_J);
  cudaFree(e->d_K);
  if (e->stream) cudaStreamDestroy(e->stream);
  delete e;
}

// Symmetrised density in the engine's layout, staged for an async upload.
static double* prepare_density_tiles(const eri_engine* e, const double* D) {
  const size_t n = static_cast<size_t>(e->nbf) * e->nbf;
  double* tiles = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&tiles), n * sizeof(double)) != cudaSuccess) return nullptr;
  for (int p = 0; p < e->nbf; ++p)
    for (int q = 0; q < e->nbf; ++q) tiles[p * e->nbf + q] = 0.5 * (D[p * e->nbf + q] + D[q * e->nbf + p]);
  return tiles;
}

extern "C" int eri_build_jk(eri_engine* e, const double* D, double* J, double* K, int nbf) {
  if (nbf != e->nbf) return -1;
  double* tiles = prepare_density_tiles(e, D);
  if (!tiles) return -2;
  const size_t bytes = sizeof(double) * nbf * nbf;
  cudaMemcpyAsync(e->d_D, tiles, bytes, cudaMemcpyHostToDevice, e->stream);
  cudaMemsetAsync(e->d_J, 0, bytes, e->stream);
  cudaMemsetAsync(e->d_K, 0, bytes, e->stream);
  jk_kernel<<<e->nshell * e->nshell, 128, 0, e->stream>>>(e->d_shells, e->d_prims, e->d_screen, e->nshell, nbf, e->tol,
                                                          e->d_D, e->d_J, e->d_K);
  cudaMemcpyAsync(J, e->d_J, bytes, cudaMemcpyDeviceToHost, e->stream);
  cudaMemcpyAsync(K, e->d_K, bytes, cudaMemcpyDeviceToHost, e->stream);
  const cudaError_t err = cudaStreamSynchronize(e->stream);
  cudaFreeHost(tiles);
  return err == cudaSuccess ? 0 : -3;
}
