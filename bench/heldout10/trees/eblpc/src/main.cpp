// pecrun: proximity-effect correction of a whole layout, tile by tile.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include "ebl/tile_engine.hpp"

namespace ebl {
class ShotWriter;
std::vector<Tile> read_layout(const PecConfig& cfg, int64_t tile_nm);
ShotList fracture(const Tile& tile, const PecConfig& cfg);
std::unique_ptr<ShotWriter> make_writer(const PecConfig& cfg);
void write_shots(ShotWriter& w, const ShotList& shots);
void export_dose_map(const TileState& st, const std::string& dir);
}  // namespace ebl

int main(int argc, char** argv) {
  ebl::PecConfig cfg;
  const char* dump_dir = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--layout") && i + 1 < argc) cfg.layout = argv[++i];
    else if (!std::strcmp(argv[i], "--out") && i + 1 < argc) cfg.out = argv[++i];
    else if (!std::strcmp(argv[i], "--eta") && i + 1 < argc) cfg.eta = std::strtof(argv[++i], nullptr);
    else if (!std::strcmp(argv[i], "--iterations") && i + 1 < argc) cfg.iterations = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--dump-dose") && i + 1 < argc) dump_dir = argv[++i];
  }
  const int64_t tile_nm = static_cast<int64_t>(cfg.grid * cfg.pixel_nm);
  std::vector<ebl::Tile> tiles = ebl::read_layout(cfg, tile_nm);
  ebl::TileEngine engine(cfg);
  auto writer = ebl::make_writer(cfg);
  for (const ebl::Tile& tile : tiles) {
    ebl::ShotList shots = ebl::fracture(tile, cfg);
    engine.correct(tile, shots);
    ebl::write_shots(*writer, shots);
    if (dump_dir != nullptr) ebl::export_dose_map(engine.last_state(), dump_dir);
  }
  std::printf("%zu tiles corrected\n", tiles.size());
  return 0;
}
