// OASIS reader: the file is staged in page-locked memory so CBLOCKs can be inflated on the GPU.
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>
#include "ebl/check.hpp"
#include "ebl/types.hpp"

namespace ebl {

std::vector<Polygon> inflate_and_parse(const uint8_t* d_raw, size_t bytes);  // gpu_inflate.cu

std::vector<Tile> read_layout(const PecConfig& cfg, int64_t tile_nm) {
  std::ifstream in(cfg.layout, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + cfg.layout);
  const size_t bytes = static_cast<size_t>(in.tellg());
  in.seekg(0);
  uint8_t* staging = nullptr;
  EBL_CUDA(cudaHostAlloc(reinterpret_cast<void**>(&staging), bytes, cudaHostAllocDefault));
  in.read(reinterpret_cast<char*>(staging), static_cast<std::streamsize>(bytes));
  if (bytes < 13 || std::memcmp(staging, "%SEMI-OASIS\r\n", 13) != 0) {
    throw std::runtime_error(cfg.layout + ": not an OASIS file");
  }
  uint8_t* d_raw = nullptr;
  EBL_CUDA(cudaMalloc(&d_raw, bytes));
  EBL_CUDA(cudaMemcpy(d_raw, staging, bytes, cudaMemcpyHostToDevice));
  cudaFreeHost(staging);
  std::vector<Polygon> polys = inflate_and_parse(d_raw, bytes);
  cudaFree(d_raw);

  std::vector<Tile> tiles;
  for (Polygon& p : polys) {
    const int32_t tx = p.xy[0] / tile_nm, ty = p.xy[1] / tile_nm;
    auto it = std::find_if(tiles.begin(), tiles.end(), [&](const Tile& t) { return t.x0 == tx * tile_nm && t.y0 == ty * tile_nm; });
    if (it == tiles.end()) {
      tiles.push_back(Tile{static_cast<int64_t>(tiles.size()), static_cast<int32_t>(tx * tile_nm), static_cast<int32_t>(ty * tile_nm), {}, true});
      it = tiles.end() - 1;
    }
    it->polys.push_back(std::move(p));
  }
  return tiles;
}

}  // namespace ebl
