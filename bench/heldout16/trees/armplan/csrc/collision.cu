#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>

namespace {

// spheres: (n, 4) xyz + radius; esdf: (nx, ny, nz); meta: origin xyz, voxel, nx, ny, nz.
__global__ void sphere_cost(const float* spheres, int64_t n, const float* esdf, const float* meta, float* cost) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const int nx = static_cast<int>(meta[4]), ny = static_cast<int>(meta[5]), nz = static_cast<int>(meta[6]);
  const int x = static_cast<int>((spheres[4 * i] - meta[0]) / meta[3]);
  const int y = static_cast<int>((spheres[4 * i + 1] - meta[1]) / meta[3]);
  const int z = static_cast<int>((spheres[4 * i + 2] - meta[2]) / meta[3]);
  if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) {
    cost[i] = 0.0f;
    return;
  }
  const float d = esdf[(static_cast<int64_t>(x) * ny + y) * nz + z] - spheres[4 * i + 3];
  cost[i] = d < 0.0f ? -d : 0.0f;
}

__global__ void brushfire(const uint8_t* occ, float* esdf, int nx, int ny, int nz, float voxel) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= static_cast<int64_t>(nx) * ny * nz) return;
  const int x = i / (ny * nz), y = (i / nz) % ny, z = i % nz;
  float best = 8.0f;
  for (int dx = -8; dx <= 8; ++dx)
    for (int dy = -8; dy <= 8; ++dy)
      for (int dz = -8; dz <= 8; ++dz) {
        const int a = x + dx, b = y + dy, c = z + dz;
        if (a < 0 || b < 0 || c < 0 || a >= nx || b >= ny || c >= nz) continue;
        if (occ[(static_cast<int64_t>(a) * ny + b) * nz + c]) best = fminf(best, sqrtf(dx * dx + dy * dy + dz * dz));
      }
  esdf[i] = best * voxel;
}

}  // namespace

at::Tensor sphere_collision_cuda(const at::Tensor& spheres, const at::Tensor& esdf, const at::Tensor& meta) {
  TORCH_CHECK(spheres.is_cuda() && spheres.size(-1) == 4, "spheres must be (..., 4) on CUDA");
  auto s = spheres.reshape({-1, 4}).contiguous().to(at::kFloat);
  auto cost = at::empty({s.size(0)}, s.options());
  const int64_t n = s.size(0);
  sphere_cost<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      s.data_ptr<float>(), n, esdf.data_ptr<float>(), meta.data_ptr<float>(), cost.data_ptr<float>());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  auto shape = spheres.sizes().vec();
  shape.pop_back();
  return cost.view(shape);
}

void rebuild_esdf_cuda(const at::Tensor& occupancy, at::Tensor& esdf) {
  const int nx = occupancy.size(0), ny = occupancy.size(1), nz = occupancy.size(2);
  const int64_t n = static_cast<int64_t>(nx) * ny * nz;
  const float voxel = 0.02f;
  brushfire<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(occupancy.data_ptr<uint8_t>(),
                                                                            esdf.data_ptr<float>(), nx, ny, nz, voxel);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}
