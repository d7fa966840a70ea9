// Minimal AMBER prmtop / rst7 reader: only the sections the soft-core engine needs.
#include <cuda_runtime.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine.h"

namespace fep {
namespace {

bool seek_flag(std::ifstream& in, const std::string& flag) {
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("%FLAG " + flag, 0) == 0) {
      std::getline(in, line);  // %FORMAT
      return true;
    }
  }
  return false;
}

constexpr float kAmberChargeScale = 18.2223f;

}  // namespace

Topology load_topology(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open topology " + path);
  Topology top;
  if (!seek_flag(in, "POINTERS") || !(in >> top.n_atoms) || top.n_atoms <= 0) {
    throw std::runtime_error("bad POINTERS section in " + path);
  }
  const int n = top.n_atoms;
  if (!seek_flag(in, "CHARGE")) throw std::runtime_error("no CHARGE section in " + path);

  float* charges = nullptr;
  FEP_CUDA(cudaHostAlloc(reinterpret_cast<void**>(&charges), n * sizeof(float),
                         cudaHostAllocWriteCombined));
  for (int i = 0; i < n; ++i) {
    double q = 0.0;
    if (!(in >> q)) {
      throw std::runtime_error("truncated CHARGE section in " + path);
    }
    charges[i] = static_cast<float>(q / kAmberChargeScale);
  }
  FEP_CUDA(cudaMalloc(&top.d_charges, n * sizeof(float)));
  FEP_CUDA(cudaMemcpy(top.d_charges, charges, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaFreeHost(charges);

  std::vector<float> sigma(n, 0.3f), epsilon(n, 0.4f);
  std::vector<int> mask(n, 0);
  if (seek_flag(in, "LIGAND_MASK")) {
    for (int i = 0; i < n && (in >> mask[i]); ++i) top.n_ligand += mask[i];
  }
  FEP_CUDA(cudaMalloc(&top.d_sigma, n * sizeof(float)));
  FEP_CUDA(cudaMalloc(&top.d_epsilon, n * sizeof(float)));
  FEP_CUDA(cudaMalloc(&top.d_ligand_mask, n * sizeof(int)));
  FEP_CUDA(cudaMemcpy(top.d_sigma, sigma.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  FEP_CUDA(cudaMemcpy(top.d_epsilon, epsilon.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  FEP_CUDA(cudaMemcpy(top.d_ligand_mask, mask.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  return top;
}

std::vector<float> load_rst7(const std::string& path, int n_atoms) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open coordinates " + path);
  std::string title;
  std::getline(in, title);
  int n = 0;
  in >> n;
  if (n != n_atoms) throw std::runtime_error("atom count mismatch in " + path);
  std::vector<float> xyz(static_cast<std::size_t>(n) * 3);
  for (float& v : xyz) {
    if (!(in >> v)) throw std::runtime_error("truncated coordinates in " + path);
    v *= 0.1f;  // angstrom -> nm
  }
  return xyz;
}

}  // namespace fep
