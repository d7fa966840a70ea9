// pivrun: batch PIV over a directory of TIFF pairs (a_0000.tif, b_0000.tif, ...).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <Kokkos_Core.hpp>
#include "piv/stages.hpp"

namespace piv {
class PivPipeline;
std::unique_ptr<PivPipeline> make_pipeline(const PivConfig& cfg);
void process_pair(PivPipeline& p, const FramePair& pair);
std::unique_ptr<ImageSource> make_disk_source(std::vector<std::string> files, int w, int h);
}  // namespace piv

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: pivrun DIR [window] [passes]\n");
    return 2;
  }
  piv::PivConfig cfg;
  if (argc > 2) cfg.window = std::atoi(argv[2]);
  if (argc > 3) cfg.passes = std::atoi(argv[3]);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(argv[1]))
    if (e.path().extension() == ".tif") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  auto source = piv::make_disk_source(files, cfg.width, cfg.height);
  auto pipeline = piv::make_pipeline(cfg);
  piv::FramePair pair;
  uint64_t n = 0;
  while (source->next(pair)) {
    piv::process_pair(*pipeline, pair);
    ++n;
  }
  std::printf("%llu pairs\n", static_cast<unsigned long long>(n));
  return 0;
}
