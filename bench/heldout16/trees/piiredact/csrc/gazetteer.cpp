// A gazetteer of known patient/provider names, hashed into an open-addressing table in mapped
// page-locked memory so that the device-side lookup kernel can read it directly.
#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

#include <cstring>
#include <fstream>
#include <string>

namespace {

struct Gazetteer {
  uint64_t* table = nullptr;
  int64_t slots = 0;
};

Gazetteer g_gaz;

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h | 1;  // 0 marks an empty slot
}

void insert(uint64_t* table, int64_t slots, uint64_t h) {
  for (int64_t i = h % slots;; i = (i + 1) % slots) {
    if (table[i] == 0 || table[i] == h) {
      table[i] = h;
      return;
    }
  }
}

}  // namespace

int64_t load_gazetteer(const std::string& path) {
  std::ifstream in(path);
  TORCH_CHECK(in.good(), "cannot open gazetteer ", path);
  std::string line;
  std::getline(in, line);
  const int64_t n = std::stoll(line);
  const int64_t slots = 2 * n + 1;
  uint64_t* table = nullptr;
  C10_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&table), slots * sizeof(uint64_t), cudaHostAllocMapped));
  std::memset(table, 0, slots * sizeof(uint64_t));
  int64_t k = 0;
  while (std::getline(in, line)) {
    TORCH_CHECK(!line.empty() && line.find('\t') == std::string::npos, "gazetteer ", path,
                ": malformed entry at line ", k + 2);
    insert(table, slots, fnv1a(line));
    ++k;
  }
  if (g_gaz.table != nullptr) cudaFreeHost(g_gaz.table);
  g_gaz = {table, slots};
  return k;
}

at::Tensor gazetteer_hits(const at::Tensor& token_hashes) {
  auto out = at::zeros_like(token_hashes, token_hashes.options().dtype(at::kBool));
  if (g_gaz.table == nullptr) return out;
  auto h = token_hashes.accessor<int64_t, 1>();
  auto o = out.accessor<bool, 1>();
  for (int64_t i = 0; i < token_hashes.size(0); ++i) {
    const uint64_t key = static_cast<uint64_t>(h[i]) | 1;
    for (int64_t s = key % g_gaz.slots;; s = (s + 1) % g_gaz.slots) {
      if (g_gaz.table[s] == 0) break;
      if (g_gaz.table[s] == key) {
        o[i] = true;
        break;
      }
    }
  }
  return out;
}
