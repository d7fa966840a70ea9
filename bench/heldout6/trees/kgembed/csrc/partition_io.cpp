#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <torch/library.h>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include "host_deleter.h"

namespace kge {

// Load one entity partition (rows x dim float32) into a new pinned CPU tensor.
at::Tensor load_partition(const std::string& path, int64_t rows, int64_t dim) {
  const size_t bytes = static_cast<size_t>(rows) * dim * sizeof(float);
  void* raw = nullptr;
  if (cudaMallocHost(&raw, bytes) != cudaSuccess) throw std::runtime_error("cudaMallocHost failed");
  std::ifstream in(path, std::ios::binary);
  in.read(static_cast<char*>(raw), static_cast<std::streamsize>(bytes));
  if (static_cast<size_t>(in.gcount()) != bytes)
    throw std::runtime_error("short read in " + path);
  return at::from_blob(raw, {rows, dim}, [](void* p) { cudaFreeHost(p); }, at::TensorOptions().dtype(at::kFloat));
}

void save_partition(const at::Tensor& part, const std::string& path) {
  const size_t bytes = part.nbytes();
  void* raw = nullptr;
  if (cudaMallocHost(&raw, bytes) != cudaSuccess) throw std::runtime_error("cudaMallocHost failed");
  pinned_unique<char> buf(static_cast<char*>(raw));
  cudaMemcpy(buf.get(), part.data_ptr(), bytes, part.is_cuda() ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot open " + path);
  out.write(buf.get(), static_cast<std::streamsize>(bytes));
}

int64_t dump_embeddings(const at::Tensor& emb, const std::string& path) {
  const size_t bytes = emb.nbytes();
  float* host = nullptr;
  if (cudaHostAlloc(reinterpret_cast<void**>(&host), bytes, cudaHostAllocDefault) != cudaSuccess) return -1;
  cudaMemcpy(host, emb.data_ptr(), bytes, emb.is_cuda() ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return -2;
  const int64_t rows = emb.size(0), dim = emb.size(1);
  std::fwrite(&rows, sizeof rows, 1, f);
  std::fwrite(&dim, sizeof dim, 1, f);
  std::fwrite(host, 1, bytes, f);
  std::fclose(f);
  cudaFreeHost(host);
  return rows;
}

}  // namespace kge

TORCH_LIBRARY_FRAGMENT(kge, m) {
  m.def("load_partition(str path, int rows, int dim) -> Tensor", &kge::load_partition);
  m.def("save_partition(Tensor part, str path) -> ()", &kge::save_partition);
  m.def("dump_embeddings(Tensor emb, str path) -> int", &kge::dump_embeddings);
}
