#include <cstdio>
#include <cuda_runtime.h>
#include <memory>
#include <vector>

#include "sf/common.hpp"

namespace sf {
class Fusion;
std::unique_ptr<Fusion> make_fusion();
void run_fusion(Fusion& f, const std::vector<Msg>& log);
}  // namespace sf

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: sf_replay LOG\n");
    return 1;
  }
  std::FILE* f = std::fopen(argv[1], "rb");
  if (!f) return 1;
  std::fseek(f, 0, SEEK_END);
  long n = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  char* blob = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&blob), n);
  std::fread(blob, 1, n, f);
  std::fclose(f);
  std::vector<sf::Msg> log;
  for (long off = 0; off + 32 <= n; off += 32) log.push_back({blob[off] % 3, off * 1e-3, blob + off, 8});
  auto fusion = sf::make_fusion();
  sf::run_fusion(*fusion, log);
  cudaFreeHost(blob);
  return 0;
}
