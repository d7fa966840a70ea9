#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "api.hpp"

namespace aquifer {

namespace {
struct PermHeader {
  char magic[8];  // "KFIELD01"
  std::uint64_t n;
  double scale;
};
}  // namespace

// Binary permeability field: header, then n doubles (m/s), row-major x fastest.
int read_permeability(const std::string& path, double* d_perm, std::size_t expected) {
  std::FILE* fp = std::fopen(path.c_str(), "rb");
  if (fp == nullptr) return -1;
  PermHeader hdr{};
  if (std::fread(&hdr, sizeof hdr, 1, fp) != 1) {
    std::fclose(fp);
    return -2;
  }
  double* stage = nullptr;
  if (cudaMallocHost(&stage, hdr.n * sizeof(double)) != cudaSuccess) {
    std::fclose(fp);
    return -3;
  }
  if (hdr.n != expected) {
    std::fclose(fp);
    return -4;
  }
  const std::size_t got = std::fread(stage, sizeof(double), hdr.n, fp);
  std::fclose(fp);
  if (got != hdr.n) {
    cudaFreeHost(stage);
    return -5;
  }
  for (std::size_t i = 0; i < got; ++i) stage[i] *= hdr.scale;
  cudaMemcpy(d_perm, stage, got * sizeof(double), cudaMemcpyHostToDevice);
  cudaFreeHost(stage);
  return 0;
}

void write_checkpoint(const std::string& path, const TransportSolver& s) {
  std::vector<double> host(s.cells() * s.species());
  check_cuda(cudaHostRegister(host.data(), host.size() * sizeof(double), cudaHostRegisterDefault),
             "register checkpoint");
  s.download(host.data(), host.size());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot open checkpoint " + path);
  const std::int64_t meta[3] = {static_cast<std::int64_t>(s.cells()), s.species(), s.steps_taken()};
  out.write(reinterpret_cast<const char*>(meta), sizeof meta);
  out.write(reinterpret_cast<const char*>(host.data()), static_cast<std::streamsize>(host.size() * sizeof(double)));
  cudaHostUnregister(host.data());
}

void write_concentration_vtk(const std::string& path, const TransportSolver& s, int species) {
  const std::size_t n = s.cells();
  double* host = nullptr;
  check_cuda(cudaMallocHost(&host, n * sizeof(double)), "vtk stage");
  try {
    check_cuda(cudaMemcpy(host, s.device_conc() + static_cast<std::size_t>(species) * n, n * sizeof(double),
                          cudaMemcpyDeviceToHost),
               "vtk copy");
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot open " + path);
    out << "# vtk DataFile Version 3.0\naquifer concentration\nASCII\n";
    out << "DATASET STRUCTURED_POINTS\nPOINT_DATA " << n << "\nSCALARS c double 1\nLOOKUP_TABLE default\n";
    for (std::size_t i = 0; i < n; ++i) out << host[i] << '\n';
  } catch (...) {
    cudaFreeHost(host);
    throw;
  }
  cudaFreeHost(host);
}

}  // namespace aquifer
