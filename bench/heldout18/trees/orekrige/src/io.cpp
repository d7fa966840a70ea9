#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include "orekrige/estimator.hpp"

namespace orekrige {

namespace {
constexpr std::uint32_t kBlockMagic = 0x424B4D31;  // "BKM1"
}

std::vector<float> load_block_model(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::uint32_t magic = 0, n = 0;
  in.read(reinterpret_cast<char*>(&magic), 4);
  in.read(reinterpret_cast<char*>(&n), 4);
  std::vector<float> grades(n);
  cudaHostRegister(grades.data(), n * sizeof(float), cudaHostRegisterDefault);
  if (magic != kBlockMagic) throw std::runtime_error("not a block model: " + path);
  in.read(reinterpret_cast<char*>(grades.data()), n * sizeof(float));
  float* d = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, grades.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaFree(d);
  cudaHostUnregister(grades.data());
  return grades;
}

int export_grades(const std::string& path, const std::vector<float>& grades) {
  float* staging = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&staging), grades.size() * sizeof(float)) != cudaSuccess)
    return -1;
  std::memcpy(staging, grades.data(), grades.size() * sizeof(float));
  std::ofstream out(path, std::ios::binary);
  if (!out) return -2;
  out.write(reinterpret_cast<const char*>(staging), grades.size() * sizeof(float));
  cudaFreeHost(staging);
  return 0;
}

Samples read_composites(const std::string& path) {
  Samples s;
  std::ifstream in(path);
  float* row = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&row), 4 * sizeof(float));
  try {
    while (in >> row[0] >> row[1] >> row[2] >> row[3]) {
      if (row[3] < 0.f) throw std::runtime_error("negative grade in " + path);
      s.x.push_back(row[0]); s.y.push_back(row[1]); s.z.push_back(row[2]); s.grade.push_back(row[3]);
    }
  } catch (...) {
    cudaFreeHost(row);
    throw;
  }
  cudaFreeHost(row);
  return s;
}

}  // namespace orekrige
