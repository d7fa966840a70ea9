#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "sphflow/solver.hpp"

namespace sph {

bool load_geometry(const std::string& path, Particles& ps, std::vector<float>& walls) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  int n = 0, n_walls = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(int));
  in.read(reinterpret_cast<char*>(&n_walls), sizeof(int));
  float* h = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&h), static_cast<size_t>(n) * 3 * sizeof(float));
  in.read(reinterpret_cast<char*>(h), static_cast<std::streamsize>(n) * 3 * sizeof(float));
  if (!in || n <= 0 || n_walls < 0) {
    std::fprintf(stderr, "sphflow: truncated geometry header in %s\n", path.c_str());
    return false;
  }
  ps.n = n;
  cudaMalloc(reinterpret_cast<void**>(&ps.pos), n * 3 * sizeof(float));
  cudaMalloc(reinterpret_cast<void**>(&ps.vel), n * 3 * sizeof(float));
  cudaMalloc(reinterpret_cast<void**>(&ps.rho), n * sizeof(float));
  cudaMalloc(reinterpret_cast<void**>(&ps.p), n * sizeof(float));
  cudaMemcpy(ps.pos, h, n * 3 * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(ps.vel, 0, n * 3 * sizeof(float));
  walls.resize(static_cast<size_t>(n_walls) * 7);
  in.read(reinterpret_cast<char*>(walls.data()), walls.size() * sizeof(float));
  cudaFreeHost(h);
  return true;
}

void Solver::write_vtk(const std::string& path) {
  std::vector<float> pos(static_cast<size_t>(ps_.n) * 3);
  cudaHostRegister(pos.data(), pos.size() * sizeof(float), cudaHostRegisterDefault);
  cudaMemcpyAsync(pos.data(), ps_.pos, pos.size() * sizeof(float), cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  std::FILE* fp = std::fopen(path.c_str(), "w");
  if (!fp) throw std::runtime_error("cannot open " + path);
  std::fprintf(fp, "# vtk DataFile Version 3.0\nsph\nASCII\nDATASET POLYDATA\nPOINTS %d float\n", ps_.n);
  for (int i = 0; i < ps_.n; ++i) std::fprintf(fp, "%g %g %g\n", pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
  std::fclose(fp);
  cudaHostUnregister(pos.data());
}

}  // namespace sph
