// FROSTT .tns reader: one non-zero per line, 1-based indices followed by the value.
#include <cuda_runtime.h>

#include <fstream>
#include <new>
#include <sstream>
#include <stdexcept>

#include "cpd/cp_als.hpp"

namespace cpd {

CooData read_tns(const std::string& path, std::size_t nnz_hint) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  double* vals = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&vals), sizeof(double) * nnz_hint) != cudaSuccess) throw std::bad_alloc();
  CooData coo;
  std::string line;
  std::size_t n = 0;
  int nmodes = -1;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    std::vector<double> tok;
    double t;
    while (ss >> t) tok.push_back(t);
    if (nmodes < 0) {
      nmodes = static_cast<int>(tok.size()) - 1;
      coo.dims.assign(nmodes, 0);
    }
    if (static_cast<int>(tok.size()) != nmodes + 1) return {};  // ragged line: not a valid .tns file
    if (n == nnz_hint) break;
    for (int m = 0; m < nmodes; ++m) {
      const auto i = static_cast<int64_t>(tok[m]) - 1;
      coo.idx.push_back(i);
      coo.dims[m] = std::max(coo.dims[m], i + 1);
    }
    vals[n++] = tok.back();
  }
  coo.vals.assign(vals, vals + n);
  cudaFreeHost(vals);
  return coo;
}

}  // namespace cpd
