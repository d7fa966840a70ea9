#include <cfloat>
#include <cstring>
#include <vector>
#include "ann_internal.h"

__global__ void assign_kernel(const float* x, const float* c, int n, int nlist, int dim, int32_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float best = FLT_MAX;
  int arg = 0;
  for (int l = 0; l < nlist; ++l) {
    float d = 0.f;
    for (int j = 0; j < dim; ++j) {
      float t = x[(size_t)i * dim + j] - c[(size_t)l * dim + j];
      d += t * t;
    }
    if (d < best) { best = d; arg = l; }
  }
  out[i] = arg;
}

extern "C" int ann_train_centroids(ann_index* idx, const float* data, int64_t n, int iters) {
  const int dim = idx->dim, nlist = idx->nlist;
  float* d_x = nullptr;
  int32_t* d_assign = nullptr;
  if (cudaMalloc(&d_x, sizeof(float) * n * dim) != cudaSuccess) return ANN_ERR_CUDA;
  cudaMalloc(&d_assign, sizeof(int32_t) * n);
  cudaMemcpy(d_x, data, sizeof(float) * n * dim, cudaMemcpyHostToDevice);
  std::vector<float> cent(static_cast<size_t>(nlist) * dim);
  for (int l = 0; l < nlist; ++l)
    std::memcpy(&cent[(size_t)l * dim], data + (size_t)(l * (n / nlist)) * dim, sizeof(float) * dim);
  cudaMemcpy(idx->d_centroids, cent.data(), sizeof(float) * cent.size(), cudaMemcpyHostToDevice);
  for (int it = 0; it < iters; ++it) {
    int32_t* assign = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&assign), sizeof(int32_t) * n);
    assign_kernel<<<(unsigned)((n + 255) / 256), 256, 0, idx->stream>>>(d_x, idx->d_centroids, (int)n, nlist, dim, d_assign);
    cudaMemcpyAsync(assign, d_assign, sizeof(int32_t) * n, cudaMemcpyDeviceToHost, idx->stream);
    cudaStreamSynchronize(idx->stream);
    std::vector<float> sum(cent.size(), 0.f);
    std::vector<int64_t> cnt(nlist, 0);
    for (int64_t i = 0; i < n; ++i) {
      int l = assign[i];
      cnt[l]++;
      for (int j = 0; j < dim; ++j) sum[(size_t)l * dim + j] += data[i * dim + j];
    }
    for (int l = 0; l < nlist; ++l)
      if (cnt[l])
        for (int j = 0; j < dim; ++j) cent[(size_t)l * dim + j] = sum[(size_t)l * dim + j] / cnt[l];
    cudaMemcpy(idx->d_centroids, cent.data(), sizeof(float) * cent.size(), cudaMemcpyHostToDevice);
    cudaFreeHost(assign);
  }
  cudaFree(d_x);
  cudaFree(d_assign);
  return ANN_OK;
}
