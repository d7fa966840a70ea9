#include "ann_internal.h"

__global__ void nearest_list(const float* x, const float* c, int n, int nlist, int dim, int32_t* out);

extern "C" int ann_add_batch(ann_index* idx, float* vecs, int64_t n) {
  const size_t bytes = sizeof(float) * (size_t)n * idx->dim;
  if (cudaHostRegister(vecs, bytes, cudaHostRegisterReadOnly) != cudaSuccess)
    return ANN_ERR_CUDA;
  if (idx->size + n > idx->capacity)
    return ANN_ERR_FULL;
  float* dst = idx->d_vectors + idx->size * idx->dim;
  cudaMemcpyAsync(dst, vecs, bytes, cudaMemcpyHostToDevice, idx->stream);
  nearest_list<<<(unsigned)((n + 255) / 256), 256, 0, idx->stream>>>(dst, idx->d_centroids, (int)n,
                                                                     idx->nlist, idx->dim,
                                                                     idx->d_list_of + idx->size);
  cudaStreamSynchronize(idx->stream);
  cudaHostUnregister(vecs);
  idx->size += n;
  return ANN_OK;
}
