// Decode every chunk of the shards named on the command line and print their checksums.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "stagepool/stagepool.h"

using namespace stagepool;

static std::vector<uint8_t> slurp(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

int main(int argc, char** argv) {
  Decoder dec;
  for (int a = 1; a < argc; ++a) {
    std::vector<uint8_t> raw = slurp(argv[a]);
    std::vector<Chunk> chunks;
    for (std::size_t off = 0; off < raw.size(); off += 1u << 20) {
      std::size_t n = std::min<std::size_t>(1u << 20, raw.size() - off);
      chunks.push_back(Chunk{raw.data() + off, n, 2 * n});
    }
    std::vector<std::vector<uint8_t>> decoded;
    std::vector<uint32_t> sums;
    dec.decode_all(chunks, decoded);
    dec.checksums(chunks, sums);
    for (std::size_t i = 0; i < sums.size(); ++i) std::printf("%s[%zu] %08x\n", argv[a], i, sums[i]);
  }
  return 0;
}
