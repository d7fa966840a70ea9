#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "hip_check.hpp"
#include "io.hpp"

namespace {
constexpr std::uint64_t kMagic = 0x43464452535452ULL;  // "CFDRSTR"
struct RestartHeader {
  std::uint64_t magic;
  std::uint64_t count;
};
}  // namespace

void read_restart(const std::string& path, double* d_u, std::size_t n) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open restart file " + path);
  double* h = nullptr;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(double), hipHostMallocDefault));
  RestartHeader hdr{};
  in.read(reinterpret_cast<char*>(&hdr), sizeof(hdr));
  if (!in || hdr.magic != kMagic || hdr.count != n)
    throw std::runtime_error("restart header does not match the grid: " + path);
  in.read(reinterpret_cast<char*>(h), static_cast<std::streamsize>(n * sizeof(double)));
  HIP_CHECK(hipMemcpy(d_u, h, n * sizeof(double), hipMemcpyHostToDevice));
  HIP_CHECK(hipHostFree(h));
}

void write_restart(const std::string& path, const double* d_u, std::size_t n) {
  double* h = nullptr;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(double), hipHostMallocDefault));
  HIP_CHECK(hipMemcpy(h, d_u, n * sizeof(double), hipMemcpyDeviceToHost));
  std::ofstream out(path, std::ios::binary);
  const RestartHeader hdr{kMagic, n};
  out.write(reinterpret_cast<const char*>(&hdr), sizeof(hdr));
  out.write(reinterpret_cast<const char*>(h), static_cast<std::streamsize>(n * sizeof(double)));
  HIP_CHECK(hipFree(h));  // hipFree accepts hipHostMalloc memory
}

std::vector<char> load_wisdom(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}
