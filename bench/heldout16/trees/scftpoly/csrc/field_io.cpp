// Field files: a 64-byte header ("SCFTFLD1", n, n_components) followed by the raw doubles.
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <cuda_runtime.h>

#include "propagator.hpp"

namespace scft {

void read_field_file(const std::string& path, std::size_t n, std::vector<double>& w_a, std::vector<double>& w_b) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  char header[64];
  in.read(header, sizeof header);
  std::vector<double> buf(2 * n);
  // page-locked so the field can go straight to the device after validation
  cudaHostRegister(buf.data(), buf.size() * sizeof(double), cudaHostRegisterDefault);
  if (std::memcmp(header, "SCFTFLD1", 8) != 0) throw std::runtime_error(path + ": not a field file");
  std::uint64_t n_file = 0;
  std::memcpy(&n_file, header + 8, sizeof n_file);
  if (n_file != n) throw std::runtime_error(path + ": grid size mismatch");
  in.read(reinterpret_cast<char*>(buf.data()), static_cast<std::streamsize>(buf.size() * sizeof(double)));
  cudaHostUnregister(buf.data());
  w_a.assign(buf.begin(), buf.begin() + n);
  w_b.assign(buf.begin() + n, buf.end());
}

void write_field_file(const std::string& path, const HostPinned2& phi) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write " + path);
  char header[64] = "SCFTFLD1";
  const std::uint64_t n = phi.extent(1);
  std::memcpy(header + 8, &n, sizeof n);
  out.write(header, sizeof header);
  out.write(reinterpret_cast<const char*>(phi.data()), static_cast<std::streamsize>(phi.size() * sizeof(double)));
}

}  // namespace scft
