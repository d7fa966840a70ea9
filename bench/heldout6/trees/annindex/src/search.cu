#include <cfloat>
#include <cstdlib>
#include <cstring>
#include "ann_internal.h"

#define MAX_NQ 1024
#define MAX_K 256

__global__ void nearest_list(const float* x, const float* c, int n, int nlist, int dim, int32_t* out) {
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

__global__ void scan_lists(const float* q, const float* v, const int32_t* list_of, int64_t size, int dim,
                           int nq, int k, float* topk_d, int64_t* topk_i);

extern "C" ann_index* ann_index_open(int dim, int nlist, int64_t capacity) {
  ann_index* idx = (ann_index*)calloc(1, sizeof(ann_index));
  idx->dim = dim;
  idx->nlist = nlist;
  idx->capacity = capacity;
  idx->max_nq = MAX_NQ;
  idx->max_k = MAX_K;
  cudaStreamCreate(&idx->stream);
  cudaMalloc(&idx->d_centroids, sizeof(float) * nlist * dim);
  cudaMalloc(&idx->d_vectors, sizeof(float) * capacity * dim);
  cudaMalloc(&idx->d_list_of, sizeof(int32_t) * capacity);
  cudaHostAlloc(reinterpret_cast<void**>(&idx->h_topk), sizeof(float) * MAX_NQ * MAX_K,
                cudaHostAllocMapped);
  idx->staging = host_pool_create(nlist < 64 ? nlist : 64, 1 << 20);
  return idx;
}

extern "C" void ann_index_close(ann_index* idx) {
  if (!idx) return;
  host_pool_destroy(idx->staging);
  cudaFreeHost(idx->h_topk);
  cudaFree(idx->d_centroids);
  cudaFree(idx->d_vectors);
  cudaFree(idx->d_list_of);
  cudaStreamDestroy(idx->stream);
  free(idx);
}

extern "C" int64_t ann_size(const ann_index* idx) { return idx->size; }

extern "C" int ann_search(ann_index* idx, const float* queries, int nq, int k, int nprobe,
                          float* out_dist, int64_t* out_ids) {
  if (nq > idx->max_nq || k > idx->max_k) return ANN_ERR_ARG;
  (void)nprobe;
  const size_t qbytes = sizeof(float) * (size_t)nq * idx->dim;
  float* scratch = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&scratch), qbytes + sizeof(int64_t) * nq * k) != cudaSuccess)
    return ANN_ERR_CUDA;
  std::memcpy(scratch, queries, qbytes);
  float* d_q = nullptr;
  int64_t* d_i = nullptr;
  cudaMallocAsync(&d_q, qbytes, idx->stream);
  cudaMallocAsync(&d_i, sizeof(int64_t) * nq * k, idx->stream);
  cudaMemcpyAsync(d_q, scratch, qbytes, cudaMemcpyHostToDevice, idx->stream);
  float* d_topk = nullptr;
  cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_topk), idx->h_topk, 0);
  scan_lists<<<nq, 256, 0, idx->stream>>>(d_q, idx->d_vectors, idx->d_list_of, idx->size, idx->dim, nq, k,
                                          d_topk, d_i);
  int64_t* ids_host = reinterpret_cast<int64_t*>(reinterpret_cast<char*>(scratch) + qbytes);
  cudaMemcpyAsync(ids_host, d_i, sizeof(int64_t) * nq * k, cudaMemcpyDeviceToHost, idx->stream);
  cudaFreeAsync(d_q, idx->stream);
  cudaFreeAsync(d_i, idx->stream);
  cudaStreamSynchronize(idx->stream);
  std::memcpy(out_dist, idx->h_topk, sizeof(float) * nq * k);
  std::memcpy(out_ids, ids_host, sizeof(int64_t) * nq * k);
  cudaFreeHost(scratch);
  return ANN_OK;
}
