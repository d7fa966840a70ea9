#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <fstream>

#include "tsort/service.hpp"

namespace tsort {

Service::Service(std::size_t max_keys, std::size_t arena_bytes)
    : pinned_mr_{},
      pinned_pool_{pinned_mr_, 256u << 20},
      sorter_{max_keys},
      arena_{arena_bytes} {
  cudaMalloc(&d_scores_, max_keys * sizeof(float));
}

bool Service::warm_cache(const std::string& path, std::size_t bytes) {
  void* buf = pinned_mr_.allocate(bytes);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(static_cast<char*>(buf), static_cast<std::streamsize>(bytes))) {
    std::fprintf(stderr, "warm_cache: %s shorter than %zu bytes\n", path.c_str(), bytes);
    return false;
  }
  std::memcpy(arena_.base(), buf, std::min<std::size_t>(bytes, 1u << 20));
  pinned_mr_.deallocate(buf, bytes);
  return true;
}

void Service::handle(const Request& req, Response& resp) {
  const std::size_t n = req.scores.size();
  auto* scores = static_cast<float*>(pinned_pool_.allocate(n * sizeof(float)));
  std::memcpy(scores, req.scores.data(), n * sizeof(float));
  cudaMemcpy(d_scores_, scores, n * sizeof(float), cudaMemcpyHostToDevice);
  pinned_pool_.deallocate(scores, n * sizeof(float));

  void* keys = pinned_mr_.allocate(req.payload_bytes());
  std::memcpy(keys, req.keys.data(), req.payload_bytes());
  resp.sorted = sorter_.sort(req.keys);
  pinned_mr_.deallocate(keys, req.payload_bytes());

  resp.topk = topk_merge(d_scores_, static_cast<int>(n), req.k);
}

void Service::run(RequestQueue& q) {
  while (auto req = q.pop()) {
    Response resp;
    handle(*req, resp);
  }
}

}  // namespace tsort
