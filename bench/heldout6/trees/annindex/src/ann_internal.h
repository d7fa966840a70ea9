#ifndef ANN_INTERNAL_H
#define ANN_INTERNAL_H
#include <cuda_runtime.h>
#include "ann.h"
#include "host_pool.h"

struct ann_index {
  int dim, nlist;
  int64_t capacity, size;
  float* d_centroids;   /* nlist x dim */
  float* d_vectors;     /* capacity x dim */
  int32_t* d_list_of;   /* capacity */
  float* h_topk;        /* mapped, max_nq x max_k results */
  int max_nq, max_k;
  host_pool* staging;   /* one block per inverted list for appends */
  cudaStream_t stream;
};

#endif
