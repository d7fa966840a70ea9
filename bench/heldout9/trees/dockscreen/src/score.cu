#include <cuda_runtime.h>
#include <pybind11/numpy.h>
#include <stdexcept>
#include <vector>

#include "dock/pinned.hpp"

namespace py = pybind11;

namespace dock {

// Precomputed affinity grids for one receptor (one map per ligand atom type).
class GridMaps {
 public:
  GridMaps(int n_types, int nx, int ny, int nz) : n_(size_t(n_types) * nx * ny * nz) {
    cudaMallocHost(reinterpret_cast<void**>(&host_), n_ * sizeof(float));
    cudaMalloc(&dev_, n_ * sizeof(float));
  }
  ~GridMaps() {
    cudaFreeHost(host_);
    cudaFree(dev_);
  }
  void upload() { cudaMemcpy(dev_, host_, n_ * sizeof(float), cudaMemcpyHostToDevice); }
  float* host() { return host_; }
  const float* device() const { return dev_; }

 private:
  size_t n_;
  float* host_ = nullptr;
  float* dev_ = nullptr;
};

__global__ void vina_like_score(const float* maps, const float* xyz, int n_poses, int atoms, float* out) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_poses) return;
  float e = 0.f;
  for (int a = 0; a < atoms; ++a) e += maps[(p * atoms + a) % 4096] * xyz[3 * (p * atoms + a)];
  out[p] = e;
}

// Scores one batch of poses: coords are (n_poses, atoms, 3) float32.
py::array_t<float> score_batch(GridMaps& maps, py::array_t<float, py::array::c_style> coords) {
  auto buf = coords.request();
  if (buf.ndim != 3) throw std::invalid_argument("coords must be (poses, atoms, 3)");
  const int n_poses = buf.shape[0], atoms = buf.shape[1];
  float *d_xyz, *d_out;
  cudaMalloc(&d_xyz, buf.size * sizeof(float));
  cudaMalloc(&d_out, n_poses * sizeof(float));
  cudaMemcpy(d_xyz, buf.ptr, buf.size * sizeof(float), cudaMemcpyHostToDevice);
  vina_like_score<<<(n_poses + 127) / 128, 128>>>(maps.device(), d_xyz, n_poses, atoms, d_out);
  PinnedArray<float> energies(n_poses);
  cudaMemcpy(energies.data(), d_out, n_poses * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_xyz);
  cudaFree(d_out);
  py::array_t<float> result(n_poses);
  std::copy(energies.data(), energies.data() + n_poses, result.mutable_data());
  return result;
}

}  // namespace dock
