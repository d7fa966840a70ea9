// WorldCache: the voxelised world (occupancy + ESDF), updated from perception every request,
// and the collision ops over it.
#include <torch/custom_class.h>
#include <torch/library.h>
#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

at::Tensor sphere_collision_cuda(const at::Tensor& spheres, const at::Tensor& esdf, const at::Tensor& meta);
void rebuild_esdf_cuda(const at::Tensor& occupancy, at::Tensor& esdf);

namespace {

struct HostFree {
  void operator()(void* p) const { cudaFreeHost(p); }
};
using PinnedPtr = std::unique_ptr<float, HostFree>;

}  // namespace

struct WorldCache : torch::CustomClassHolder {
  std::vector<double> origin;
  double voxel;
  int64_t nx, ny, nz;
  at::Tensor occupancy_host;  // pinned, persistent
  at::Tensor occupancy;       // device
  at::Tensor esdf;            // device
  at::Tensor meta;            // origin xyz, voxel, dims

  WorldCache(std::vector<double> origin_, std::vector<double> extent, double voxel_)
      : origin(origin_), voxel(voxel_) {
    nx = static_cast<int64_t>(extent[0] / voxel);
    ny = static_cast<int64_t>(extent[1] / voxel);
    nz = static_cast<int64_t>(extent[2] / voxel);
    occupancy_host = at::zeros({nx, ny, nz}, at::TensorOptions().dtype(at::kByte).pinned_memory(true));
    occupancy = at::zeros({nx, ny, nz}, at::TensorOptions().dtype(at::kByte).device(at::kCUDA));
    esdf = at::zeros({nx, ny, nz}, at::TensorOptions().dtype(at::kFloat).device(at::kCUDA));
    meta = at::tensor({origin[0], origin[1], origin[2], voxel, double(nx), double(ny), double(nz)},
                      at::TensorOptions().dtype(at::kFloat)).to(at::kCUDA);
  }

  void mark(const float* pts, int64_t n) {
    auto occ = occupancy_host.accessor<uint8_t, 3>();
    for (int64_t i = 0; i < n; ++i) {
      const int64_t x = static_cast<int64_t>((pts[3 * i] - origin[0]) / voxel);
      const int64_t y = static_cast<int64_t>((pts[3 * i + 1] - origin[1]) / voxel);
      const int64_t z = static_cast<int64_t>((pts[3 * i + 2] - origin[2]) / voxel);
      if (x >= 0 && y >= 0 && z >= 0 && x < nx && y < ny && z < nz) occ[x][y][z] = 1;
    }
  }

  // Obstacle points from the perception stack (a CPU float tensor owned by the request).
  void update_obstacles(const at::Tensor& points) {
    TORCH_CHECK(points.device().is_cpu() && points.dim() == 2 && points.size(1) == 3, "points must be (n, 3) on CPU");
    auto pts = points.contiguous().to(at::kFloat);
    const size_t bytes = pts.numel() * sizeof(float);
    auto d_pts = at::empty_like(pts, pts.options().device(at::kCUDA));
    auto stream = c10::cuda::getCurrentCUDAStream();
    C10_CUDA_CHECK(cudaHostRegister(pts.data_ptr(), bytes, cudaHostRegisterDefault));
    cudaError_t err = cudaMemcpyAsync(d_pts.data_ptr(), pts.data_ptr(), bytes, cudaMemcpyHostToDevice, stream);
    if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
    cudaHostUnregister(pts.data_ptr());
    C10_CUDA_CHECK(err);
    mark(pts.data_ptr<float>(), pts.size(0));
    occupancy.copy_(occupancy_host, /*non_blocking=*/true);
    rebuild_esdf_cuda(occupancy, esdf);
  }

  // Static scene mesh (OBJ): vertices only, voxelised once at start-up.
  int64_t load_mesh(const std::string& path) {
    std::ifstream in(path);
    TORCH_CHECK(in.good(), "cannot open mesh ", path);
    std::vector<float> v;
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("v ", 0) != 0) continue;
      std::istringstream ss(line.substr(2));
      float x, y, z;
      ss >> x >> y >> z;
      v.insert(v.end(), {x, y, z});
    }
    const int64_t n = static_cast<int64_t>(v.size() / 3);
    float* staged = nullptr;
    C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&staged), std::max<int64_t>(n, 1) * 3 * sizeof(float)));
    TORCH_CHECK(n > 0, "mesh ", path, " has no vertices");
    std::copy(v.begin(), v.end(), staged);
    mark(staged, n);
    cudaFreeHost(staged);
    occupancy.copy_(occupancy_host);
    rebuild_esdf_cuda(occupancy, esdf);
    return n;
  }

  void save_esdf(const std::string& path) {
    const int64_t n = esdf.numel();
    float* raw = nullptr;
    C10_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&raw), n * sizeof(float)));
    PinnedPtr host(raw);
    C10_CUDA_CHECK(cudaMemcpy(host.get(), esdf.data_ptr<float>(), n * sizeof(float), cudaMemcpyDeviceToHost));
    std::ofstream out(path, std::ios::binary);
    TORCH_CHECK(out.good(), "cannot write ", path);
    out.write(reinterpret_cast<const char*>(host.get()), n * sizeof(float));
  }

  at::Tensor collide(const at::Tensor& spheres) { return sphere_collision_cuda(spheres, esdf, meta); }
};

TORCH_LIBRARY(armplan, m) {
  m.class_<WorldCache>("WorldCache")
      .def(torch::init<std::vector<double>, std::vector<double>, double>())
      .def("update_obstacles", &WorldCache::update_obstacles)
      .def("load_mesh", &WorldCache::load_mesh)
      .def("save_esdf", &WorldCache::save_esdf)
      .def("collide", &WorldCache::collide);
  m.def("sphere_collision(Tensor spheres, Tensor esdf, Tensor meta) -> Tensor");
}

TORCH_LIBRARY_IMPL(armplan, CUDA, m) {
  m.impl("sphere_collision", &sphere_collision_cuda);
}
