#include <cuda_runtime.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

static int* g_layout = nullptr;
static size_t g_layout_cap = 0;

static int* layout_table(size_t nblocks) {
  if (nblocks > g_layout_cap) {
    if (g_layout) cudaFreeHost(g_layout);
    cudaMallocHost(reinterpret_cast<void**>(&g_layout), nblocks * sizeof(int));
    g_layout_cap = nblocks;
  }
  return g_layout;
}

__global__ void bsa_kernel(const float* q, const float* k, const int* layout, int n, int block, float* out) {
  int b = blockIdx.x;
  if (layout[b] == 0) return;
  int i = b * block + threadIdx.x;
  if (i < n) out[i] = q[i % block] * k[i];
}

py::array_t<float> block_sparse_attn(py::array_t<float> q, py::array_t<float> k, int block) {
  const int n = static_cast<int>(k.size());
  const int nb = (n + block - 1) / block;
  int* layout = layout_table(nb);
  for (int b = 0; b < nb; ++b) layout[b] = (b % 4 == 0) || (b == nb - 1);
  float* h_out = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&h_out), n * sizeof(float));
  float *dq, *dk, *dout;
  int* dl;
  cudaMalloc(&dq, q.nbytes());
  cudaMalloc(&dk, k.nbytes());
  cudaMalloc(&dout, n * sizeof(float));
  cudaMalloc(&dl, nb * sizeof(int));
  cudaMemcpy(dq, q.data(), q.nbytes(), cudaMemcpyHostToDevice);
  cudaMemcpy(dk, k.data(), k.nbytes(), cudaMemcpyHostToDevice);
  cudaMemcpy(dl, layout, nb * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, n * sizeof(float));
  bsa_kernel<<<nb, block>>>(dq, dk, dl, n, block, dout);
  cudaMemcpy(h_out, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  py::array_t<float> out(n);
  std::copy(h_out, h_out + n, out.mutable_data());
  cudaFree(dq); cudaFree(dk); cudaFree(dout); cudaFree(dl);
  cudaFreeHost(h_out);
  return out;
}

PYBIND11_MODULE(_sparse, m) { m.def("block_sparse_attn", &block_sparse_attn); }
