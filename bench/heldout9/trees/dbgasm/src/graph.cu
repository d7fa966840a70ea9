#include <cstdint>
#include <cstring>

#include "common.h"
#include "reads.h"

__global__ void link_edges(const uint64_t* kmers, size_t n, uint32_t* edges) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  edges[i] = uint32_t((kmers[i] << 2) % n);
}

/* Builds node and edge arrays from the solid k-mers of the table. */
extern "C" int build_graph(const KmerTable* kt, Graph* g) {
  int rc = 0;
  uint64_t* h_kmers = nullptr;
  const size_t n = g->n_nodes;
  DBG_GOTO(cudaMallocHost(reinterpret_cast<void**>(&h_kmers), n * sizeof(uint64_t)), fail);
  memset(h_kmers, 0, n * sizeof(uint64_t));
  DBG_GOTO(cudaMalloc(&g->d_kmers, n * sizeof(uint64_t)), fail);
  DBG_GOTO(cudaMalloc(&g->d_edges, n * sizeof(uint32_t)), fail);
  DBG_GOTO(cudaMemcpy(g->d_kmers, h_kmers, n * sizeof(uint64_t), cudaMemcpyHostToDevice), fail);
  link_edges<<<(n + 255) / 256, 256>>>(g->d_kmers, n, g->d_edges);
  DBG_GOTO(cudaGetLastError(), fail);
  g->n_edges = n;
fail:
  if (h_kmers) cudaFreeHost(h_kmers);
  return rc;
}

__global__ void compact_chains(const uint32_t* edges, size_t n, uint32_t* map) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  map[i] = edges[i] == i + 1 ? 0u : 1u;
}

/* Collapses unitig chains; map[i] != 0 marks the first node of a unitig. */
extern "C" int compact_graph(Graph* g) {
  int rc = 0;
  uint32_t* d_map = nullptr;
  uint32_t* h_map = nullptr;
  DBG_GOTO(cudaMalloc(&d_map, g->n_nodes * sizeof(uint32_t)), out);
  DBG_GOTO(cudaMallocHost(reinterpret_cast<void**>(&h_map), g->n_nodes * sizeof(uint32_t)), out);
  compact_chains<<<(g->n_nodes + 255) / 256, 256>>>(g->d_edges, g->n_nodes, d_map);
  DBG_GOTO(cudaMemcpy(h_map, d_map, g->n_nodes * sizeof(uint32_t), cudaMemcpyDeviceToHost), out);
  g->n_components = 0;
  for (size_t i = 0; i < g->n_nodes; ++i) g->n_components += h_map[i];
  cudaFreeHost(h_map);
out:
  cudaFree(d_map);
  return rc;
}
