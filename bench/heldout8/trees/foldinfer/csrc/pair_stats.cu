#include <cuda_runtime.h>
#include <pybind11/numpy.h>
#include <fstream>
#include <stdexcept>
#include <string>

namespace py = pybind11;

__global__ void pair_stats_kernel(const int64_t* msa, const float* mask, float* out, int n, int L) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i >= L || j >= L) return;
  float acc = 0.f;
  for (int s = 0; s < n; ++s) acc += (msa[s * L + i] == msa[s * L + j]) * mask[s * L + i] * mask[s * L + j];
  out[i * L + j] = acc / n;
}

py::array_t<float> msa_pair_stats(py::array_t<int64_t> msa, py::array_t<float> mask) {
  auto b = msa.request();
  int n = b.shape[0], L = b.shape[1];
  size_t bytes = sizeof(float) * L * L;
  float* host = nullptr;
  cudaMallocHost(&host, bytes);
  int64_t* dmsa; float* dmask; float* dout;
  cudaMalloc(&dmsa, msa.nbytes());
  cudaMalloc(&dmask, mask.nbytes());
  cudaMalloc(&dout, bytes);
  cudaMemcpy(dmsa, msa.data(), msa.nbytes(), cudaMemcpyHostToDevice);
  cudaMemcpy(dmask, mask.data(), mask.nbytes(), cudaMemcpyHostToDevice);
  pair_stats_kernel<<<L, L>>>(dmsa, dmask, dout, n, L);
  cudaMemcpy(host, dout, bytes, cudaMemcpyDeviceToHost);
  py::array_t<float> out({L, L});
  std::memcpy(out.mutable_data(), host, bytes);
  cudaFree(dmsa); cudaFree(dmask); cudaFree(dout);
  cudaFreeHost(host);
  return out;
}

static float* g_residue_table = nullptr;

void load_residue_table(const std::string& path) {
  float* table = nullptr;
  cudaMallocHost(&table, 21 * 37 * sizeof(float));
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open residue table " + path);
  f.read(reinterpret_cast<char*>(table), 21 * 37 * sizeof(float));
  if (f.gcount() != 21 * 37 * sizeof(float)) throw std::runtime_error("short residue table");
  g_residue_table = table;
}
