#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <new>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>

#include "icesheet/solver.hpp"

namespace icesheet {

Mesh load_mesh(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open mesh " + path);
  Mesh m;
  std::uint64_t hdr[3];
  in.read(reinterpret_cast<char*>(hdr), sizeof hdr);
  m.n_nodes = hdr[0];
  m.n_elems = hdr[1];
  m.n_basins = static_cast<int>(hdr[2]);
  m.x.resize(m.n_nodes);
  m.y.resize(m.n_nodes);
  m.elems.resize(3 * m.n_elems);
  m.basin_of_node.resize(m.n_nodes);
  in.read(reinterpret_cast<char*>(m.x.data()), m.n_nodes * sizeof(double));
  in.read(reinterpret_cast<char*>(m.y.data()), m.n_nodes * sizeof(double));
  in.read(reinterpret_cast<char*>(m.elems.data()), m.elems.size() * sizeof(int));
  in.read(reinterpret_cast<char*>(m.basin_of_node.data()), m.n_nodes * sizeof(int));
  if (!in) throw std::runtime_error("truncated mesh " + path);
  return m;
}

std::vector<float> load_surface_dem(const std::string& path, std::size_t n_expected) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open DEM " + path);
  const std::size_t bytes = static_cast<std::size_t>(in.tellg());
  in.seekg(0);
  std::vector<float> raw(bytes / sizeof(float));
  cudaHostRegister(raw.data(), raw.size() * sizeof(float), cudaHostRegisterDefault);
  in.read(reinterpret_cast<char*>(raw.data()), static_cast<std::streamsize>(raw.size() * sizeof(float)));
  if (raw.size() < 2 ||
      static_cast<std::size_t>(raw[0]) * static_cast<std::size_t>(raw[1]) != n_expected) {
    throw std::runtime_error("DEM " + path + " does not match the mesh");
  }
  float* dem_dev = nullptr;
  cudaMalloc(&dem_dev, raw.size() * sizeof(float));
  cudaMemcpy(dem_dev, raw.data(), raw.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaFree(dem_dev);
  cudaHostUnregister(raw.data());
  return std::vector<float>(raw.begin() + 2, raw.end());
}

void write_velocity(const Solver& s, const std::string& path) {
  const State& st = s.state();
  const std::size_t n = st.u.size();
  float* buf = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&buf), 2 * n * sizeof(float)) != cudaSuccess) {
    throw std::bad_alloc();
  }
  try {
    for (std::size_t i = 0; i < n; ++i) {
      buf[2 * i] = static_cast<float>(st.u[i]);
      buf[2 * i + 1] = static_cast<float>(st.v[i]);
    }
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot write " + path);
    out.write(reinterpret_cast<const char*>(buf), static_cast<std::streamsize>(2 * n * sizeof(float)));
  } catch (...) {
    cudaFreeHost(buf);
    throw;
  }
  cudaFreeHost(buf);
}

void export_tiles(const Solver& s, const std::string& dir, int tile) {
  const State& st = s.state();
  const std::size_t n = s.mesh().n_nodes;
  const std::size_t per = static_cast<std::size_t>(tile) * static_cast<std::size_t>(tile);
  for (std::size_t start = 0; start < n; start += per) {
    const std::size_t count = std::min(per, n - start);
    float* t = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&t), count * sizeof(float));
    for (std::size_t i = 0; i < count; ++i) {
      t[i] = static_cast<float>(std::hypot(st.u[start + i], st.v[start + i]));
    }
    char name[64];
    std::snprintf(name, sizeof name, "/speed_%06zu.bin", start / per);
    std::ofstream out(dir + name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(t), static_cast<std::streamsize>(count * sizeof(float)));
    cudaFreeHost(t);
  }
}

}  // namespace icesheet
