#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "dock/pinned.hpp"

namespace dock {

struct Receptor {
  int n_atoms = 0;
  float* xyz = nullptr;  // page-locked, owned by the caller (free_receptor)
};

// Parses the ATOM records of a PDBQT file into a page-locked coordinate array.
Receptor* load_receptor(const std::string& path, int max_atoms) {
  std::ifstream in(path);
  if (!in) return nullptr;
  auto* rec = new Receptor;
  cudaMallocHost(reinterpret_cast<void**>(&rec->xyz), size_t(max_atoms) * 3 * sizeof(float));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("ATOM", 0) != 0 && line.rfind("HETATM", 0) != 0) continue;
    if (rec->n_atoms == max_atoms) {
      std::fprintf(stderr, "receptor %s has more than %d atoms\n", path.c_str(), max_atoms);
      delete rec;
      return nullptr;
    }
    float x, y, z;
    if (std::sscanf(line.c_str() + 30, "%8f%8f%8f", &x, &y, &z) != 3) {
      delete rec;
      return nullptr;
    }
    rec->xyz[3 * rec->n_atoms + 0] = x;
    rec->xyz[3 * rec->n_atoms + 1] = y;
    rec->xyz[3 * rec->n_atoms + 2] = z;
    ++rec->n_atoms;
  }
  return rec;
}

void free_receptor(Receptor* rec) {
  if (!rec) return;
  cudaFreeHost(rec->xyz);
  delete rec;
}

// Writes the final ranked poses; the staging array is released on every path by its owner.
void write_poses(const std::string& path, const std::vector<int>& ids, const std::vector<float>& scores) {
  PinnedArray<float> staging(scores.size());
  std::memcpy(staging.data(), scores.data(), scores.size() * sizeof(float));
  std::FILE* fp = std::fopen(path.c_str(), "w");
  if (!fp) throw std::runtime_error("cannot write " + path);
  for (size_t i = 0; i < ids.size(); ++i) std::fprintf(fp, "%d\t%.3f\n", ids[i], staging[i]);
  std::fclose(fp);
}

}  // namespace dock
