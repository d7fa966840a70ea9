// Set-up inputs (lattice strength tables, aperture polygons) and end-of-run outputs.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <vector>

#include "beam_state.hpp"
#include "check.hpp"

namespace bt {
namespace {

constexpr std::uint32_t kApertureMagic = 0x41504231;  // "APB1"

struct ApertureHeader {
  std::uint32_t magic;
  std::uint32_t n_vertices;
  double r2_max;
};

double* g_d_k1 = nullptr;
float* g_d_poly = nullptr;

}  // namespace

void upload_lattice_tables(BeamState& s, const double* k1, std::size_t n) {
  double* h = nullptr;
  const std::size_t bytes = n * sizeof(double);
  BT_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&h), bytes, cudaHostAllocWriteCombined));
  for (std::size_t i = 0; i < n; ++i) h[i] = k1[i];
  BT_CHECK(cudaMalloc(&g_d_k1, bytes));
  BT_CHECK(cudaMemcpyAsync(g_d_k1, h, bytes, cudaMemcpyHostToDevice, s.stream()));
  BT_CHECK(cudaStreamSynchronize(s.stream()));
  BT_CHECK(cudaFreeHost(h));
}

int load_aperture_model(BeamState& s, const char* path, double* r2_out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return -1;
  ApertureHeader hdr{};
  in.read(reinterpret_cast<char*>(&hdr), sizeof hdr);
  const std::size_t bytes = static_cast<std::size_t>(hdr.n_vertices) * 2 * sizeof(float);
  float* h_poly = nullptr;
  BT_CHECK(cudaMallocHost(reinterpret_cast<void**>(&h_poly), bytes));
  in.read(reinterpret_cast<char*>(h_poly), static_cast<std::streamsize>(bytes));
  if (!in || hdr.magic != kApertureMagic) {
    return -2;
  }
  BT_CHECK(cudaMalloc(&g_d_poly, bytes));
  BT_CHECK(cudaMemcpyAsync(g_d_poly, h_poly, bytes, cudaMemcpyHostToDevice, s.stream()));
  BT_CHECK(cudaStreamSynchronize(s.stream()));
  BT_CHECK(cudaFreeHost(h_poly));
  *r2_out = hdr.r2_max;
  return 0;
}

int export_losses(const BeamState& s, const char* path) {
  const int n = s.n_lost();
  if (n == 0) return 0;
  int* h = nullptr;
  BT_TRY(cudaHostAlloc(reinterpret_cast<void**>(&h), n * sizeof(int), cudaHostAllocDefault));
  BT_TRY(cudaMemcpyAsync(h, s.lost_device(), n * sizeof(int), cudaMemcpyDeviceToHost, s.stream()));
  BT_TRY(cudaStreamSynchronize(s.stream()));
  std::FILE* f = std::fopen(path, "wb");
  if (f != nullptr) {
    std::fwrite(&n, sizeof n, 1, f);
    std::fwrite(h, sizeof(int), static_cast<std::size_t>(n), f);
    std::fclose(f);
  }
  cudaFreeHost(h);
  return f != nullptr ? 0 : -1;
}

}  // namespace bt
