#include <cuda_runtime.h>

#include "gbdt/common.h"

namespace gbdt {

__global__ void predict_kernel(const Node* nodes, const int* roots, int n_trees, const float* x, int64_t rows,
                               int cols, float* out) {
  int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.f;
  for (int t = 0; t < n_trees; ++t) {
    int k = roots[t];
    while (nodes[k].feature >= 0) k = x[r * cols + nodes[k].feature] < nodes[k].threshold ? nodes[k].left : nodes[k].right;
    acc += nodes[k].leaf;
  }
  out[r] = acc;
}

int gbdt_predict(const std::vector<Node>& nodes, const std::vector<int>& roots, float* x, int64_t rows, int cols,
                 float* out) {
  const size_t xbytes = size_t(rows) * cols * sizeof(float);
  if (cudaHostRegister(x, xbytes, cudaHostRegisterReadOnly) != cudaSuccess) return -1;
  Node* d_nodes;
  int* d_roots;
  float *d_x, *d_out;
  cudaMalloc(&d_nodes, nodes.size() * sizeof(Node));
  cudaMalloc(&d_roots, roots.size() * sizeof(int));
  cudaMalloc(&d_x, xbytes);
  cudaMalloc(&d_out, rows * sizeof(float));
  cudaMemcpy(d_nodes, nodes.data(), nodes.size() * sizeof(Node), cudaMemcpyHostToDevice);
  cudaMemcpy(d_roots, roots.data(), roots.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, xbytes, cudaMemcpyHostToDevice);
  predict_kernel<<<unsigned((rows + 255) / 256), 256>>>(d_nodes, d_roots, int(roots.size()), d_x, rows, cols, d_out);
  cudaMemcpy(out, d_out, rows * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_nodes);
  cudaFree(d_roots);
  cudaFree(d_x);
  cudaFree(d_out);
  cudaHostUnregister(x);
  return 0;
}

}  // namespace gbdt
