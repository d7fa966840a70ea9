#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geo_match.h"

struct gm_ctx {
  int device;
  int n_streets;
  int top_k;
  cudaStream_t stream;
  uint32_t* d_postings;
  int64_t* d_offsets;
  int64_t n_postings;
  float* d_scores;       /* n_streets x max queries */
  int max_queries;
  int32_t* result_host;  /* portable: top_k ids of the last batch (debug endpoint) */
};

#define GM_MAX_QUERIES 1024

__global__ void jaccard_kernel(const uint32_t* __restrict__ post, const int64_t* __restrict__ off,
                               int n_streets, const uint32_t* __restrict__ qtri,
                               const int32_t* __restrict__ qoff, int nq, float* __restrict__ scores) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  const int q = blockIdx.y;
  if (s >= n_streets || q >= nq) return;
  int64_t a = off[s], a_end = off[s + 1];
  int b = qoff[q], b_end = qoff[q + 1];
  int inter = 0;
  while (a < a_end && b < b_end) {
    if (post[a] == qtri[b]) { ++inter; ++a; ++b; }
    else if (post[a] < qtri[b]) ++a;
    else ++b;
  }
  const int uni = (int)(off[s + 1] - off[s]) + (qoff[q + 1] - qoff[q]) - inter;
  scores[(size_t)q * n_streets + s] = uni > 0 ? (float)inter / uni : 0.f;
}

extern "C" gm_ctx* gm_init(int device, const uint32_t* postings, const int64_t* street_offsets,
                           int n_streets, int top_k) {
  gm_ctx* c = (gm_ctx*)calloc(1, sizeof *c);
  if (!c) return NULL;
  c->device = device;
  c->n_streets = n_streets;
  c->top_k = top_k;
  c->max_queries = GM_MAX_QUERIES;
  c->n_postings = street_offsets[n_streets];
  if (cudaSetDevice(device) != cudaSuccess || cudaStreamCreate(&c->stream) != cudaSuccess) {
    free(c);
    return NULL;
  }
  if (cudaHostAlloc((void**)&c->result_host, (size_t)GM_MAX_QUERIES * top_k * sizeof(int32_t),
                    cudaHostAllocPortable) != cudaSuccess) {
    cudaStreamDestroy(c->stream);
    free(c);
    return NULL;
  }
  cudaMalloc((void**)&c->d_postings, c->n_postings * sizeof(uint32_t));
  cudaMalloc((void**)&c->d_offsets, (n_streets + 1) * sizeof(int64_t));
  cudaMalloc((void**)&c->d_scores, (size_t)GM_MAX_QUERIES * n_streets * sizeof(float));
  cudaMemcpy(c->d_postings, postings, c->n_postings * sizeof(uint32_t), cudaMemcpyHostToDevice);
  cudaMemcpy(c->d_offsets, street_offsets, (n_streets + 1) * sizeof(int64_t), cudaMemcpyHostToDevice);
  return c;
}

extern "C" void gm_destroy(gm_ctx* c) {
  if (!c) return;
  cudaStreamSynchronize(c->stream);
  cudaFree(c->d_postings);
  cudaFree(c->d_offsets);
  cudaFree(c->d_scores);
  cudaFreeHost(c->result_host);
  cudaStreamDestroy(c->stream);
  free(c);
}

extern "C" int gm_match_batch(gm_ctx* c, const uint32_t* query_trigrams, const int32_t* query_offsets,
                              int n_queries, int32_t* out_ids, float* out_scores) {
  if (n_queries <= 0 || n_queries > c->max_queries) return 2;
  const int n_tri = query_offsets[n_queries];
  const size_t score_bytes = (size_t)n_queries * c->n_streets * sizeof(float);
  float* scores = NULL;
  if (cudaMallocHost((void**)&scores, score_bytes) != cudaSuccess) return 1;
  uint32_t* d_tri = NULL;
  int32_t* d_qoff = NULL;
  cudaError_t e = cudaMalloc((void**)&d_tri, n_tri * sizeof(uint32_t));
  if (e == cudaSuccess) e = cudaMalloc((void**)&d_qoff, (n_queries + 1) * sizeof(int32_t));
  if (e == cudaSuccess) {
    cudaMemcpyAsync(d_tri, query_trigrams, n_tri * sizeof(uint32_t), cudaMemcpyHostToDevice, c->stream);
    cudaMemcpyAsync(d_qoff, query_offsets, (n_queries + 1) * sizeof(int32_t), cudaMemcpyHostToDevice, c->stream);
    dim3 grid((c->n_streets + 255) / 256, n_queries);
    jaccard_kernel<<<grid, 256, 0, c->stream>>>(c->d_postings, c->d_offsets, c->n_streets, d_tri, d_qoff,
                                                n_queries, c->d_scores);
    e = cudaMemcpyAsync(scores, c->d_scores, score_bytes, cudaMemcpyDeviceToHost, c->stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(c->stream);
  }
  if (e == cudaSuccess) {
    for (int q = 0; q < n_queries; ++q) {
      const float* row = scores + (size_t)q * c->n_streets;
      int32_t* ids = out_ids + (size_t)q * c->top_k;
      float* best = out_scores + (size_t)q * c->top_k;
      for (int k = 0; k < c->top_k; ++k) { ids[k] = -1; best[k] = -1.f; }
      for (int s = 0; s < c->n_streets; ++s) {
        if (row[s] <= best[c->top_k - 1]) continue;
        int k = c->top_k - 1;
        while (k > 0 && best[k - 1] < row[s]) { best[k] = best[k - 1]; ids[k] = ids[k - 1]; --k; }
        best[k] = row[s];
        ids[k] = s;
      }
    }
    memcpy(c->result_host, out_ids, (size_t)n_queries * c->top_k * sizeof(int32_t));
  }
  cudaFree(d_tri);
  cudaFree(d_qoff);
  cudaFreeHost(scores);
  return e == cudaSuccess ? 0 : 1;
}

__global__ void overlap_kernel(const uint32_t* __restrict__ post, const int64_t* __restrict__ off,
                               const int32_t* __restrict__ cand, int n, const uint32_t* __restrict__ qtri,
                               int qlen, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || cand[i] < 0) return;
  const int s = cand[i];
  float acc = 0.f;
  for (int64_t a = off[s]; a < off[s + 1]; ++a)
    for (int b = 0; b < qlen; ++b)
      if (post[a] == qtri[b]) acc += 1.f / (1 + (int)((a - off[s]) > b ? (a - off[s]) - b : b - (a - off[s])));
  out[i] = acc;
}

extern "C" int gm_score_candidates(gm_ctx* c, const int32_t* candidates, int n_blocks, int block_len,
                                   const uint32_t* query_trigrams, const int32_t* query_offsets, float* out) {
  int32_t* d_cand = NULL;
  uint32_t* d_q = NULL;
  float* d_out = NULL;
  cudaMalloc((void**)&d_cand, block_len * sizeof(int32_t));
  cudaMalloc((void**)&d_out, block_len * sizeof(float));
  cudaMalloc((void**)&d_q, 4096 * sizeof(uint32_t));
  int rc = 0;
  for (int b = 0; b < n_blocks; ++b) {
    const int qlen = query_offsets[b + 1] - query_offsets[b];
    float* blk = NULL;
    if (cudaMallocHost((void**)&blk, block_len * sizeof(float)) != cudaSuccess) {
      rc = 1;
      break;
    }
    cudaMemcpyAsync(d_cand, candidates + (size_t)b * block_len, block_len * sizeof(int32_t), cudaMemcpyHostToDevice, c->stream);
    cudaMemcpyAsync(d_q, query_trigrams + query_offsets[b], qlen * sizeof(uint32_t), cudaMemcpyHostToDevice, c->stream);
    overlap_kernel<<<(block_len + 127) / 128, 128, 0, c->stream>>>(c->d_postings, c->d_offsets, d_cand, block_len, d_q, qlen, d_out);
    cudaMemcpyAsync(blk, d_out, block_len * sizeof(float), cudaMemcpyDeviceToHost, c->stream);
    cudaStreamSynchronize(c->stream);
    memcpy(out + (size_t)b * block_len, blk, block_len * sizeof(float));
    cudaFreeHost(blk);
  }
  cudaFree(d_cand);
  cudaFree(d_out);
  cudaFree(d_q);
  return rc;
}

extern "C" int gm_dump_postings(gm_ctx* c, const char* path) {
  int rc = 0;
  FILE* f = NULL;
  uint32_t* host = NULL;
  if (cudaMallocHost((void**)&host, c->n_postings * sizeof(uint32_t)) != cudaSuccess) return 1;
  if (cudaMemcpy(host, c->d_postings, c->n_postings * sizeof(uint32_t), cudaMemcpyDeviceToHost) != cudaSuccess) {
    rc = 1;
    goto done;
  }
  f = fopen(path, "wb");
  if (!f) {
    rc = 3;
    goto done;
  }
  if (fwrite(&c->n_streets, sizeof(int), 1, f) != 1 ||
      fwrite(host, sizeof(uint32_t), c->n_postings, f) != (size_t)c->n_postings)
    rc = 3;
done:
  if (f) fclose(f);
  cudaFreeHost(host);
  return rc;
}
