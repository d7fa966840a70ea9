#include <cstdio>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>
#include <torch/extension.h>

#include "grid.h"

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> march_rays(torch::Tensor origins, torch::Tensor dirs,
                                                                  std::uintptr_t grid, int64_t max_samples);
void log_grad_norms(torch::Tensor norms, torch::Tensor counts);

// Reads a saved occupancy bitfield (header: int32 res) into a page-locked staging buffer.
torch::Tensor load_grid_file(const std::string& path) {
  FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp) throw std::runtime_error("cannot open " + path);
  int res = 0;
  if (std::fread(&res, sizeof(int), 1, fp) != 1) {
    std::fclose(fp);
    throw std::runtime_error("truncated header in " + path);
  }
  const size_t cells = size_t(res) * res * res;
  uint8_t* staging = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&staging), cells);
  if (std::fread(staging, 1, cells, fp) != cells) {
    std::fclose(fp);
    throw std::runtime_error("short grid file " + path);
  }
  std::fclose(fp);
  auto out = torch::from_blob(staging, {int64_t(cells)}, torch::kUInt8).clone();
  cudaFreeHost(staging);
  return out;
}

PYBIND11_MODULE(_marcher, m) {
  m.def("march_rays", &march_rays, "ray marching through the occupancy grid");
  m.def("log_grad_norms", &log_grad_norms);
  m.def("load_grid_file", &load_grid_file);
  pybind11::class_<OccupancyGrid>(m, "OccupancyGrid")
      .def(pybind11::init<int, float>())
      .def("update", &OccupancyGrid::update)
      .def("load", &OccupancyGrid::load)
      .def_property_readonly("handle", &OccupancyGrid::handle);
}
