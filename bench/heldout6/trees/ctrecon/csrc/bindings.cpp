#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include "ct_check.hpp"
#include "fdk.cuh"

namespace py = pybind11;

namespace ct {
float* load_projections(const char* path, std::size_t count);
int save_volume(const char* path, const float* d_vol, std::size_t count);
ConeGeometry read_geometry(const char* path);
}  // namespace ct

// Copy slices [z0, z1) of the device volume into a fresh page-locked numpy array.
static py::array_t<float> fetch_volume(ct::FdkReconstructor& rec, int z0, int z1) {
  const auto& g = rec.geometry();
  const std::size_t plane = static_cast<std::size_t>(g.nx) * g.ny;
  const std::size_t n = plane * (z1 - z0);
  float* host = nullptr;
  CT_FATAL(cudaMallocHost(reinterpret_cast<void**>(&host), n * sizeof(float)));
  CT_FATAL(cudaMemcpy(host, rec.device_volume() + z0 * plane, n * sizeof(float), cudaMemcpyDeviceToHost));
  py::capsule owner(host, [](void* p) { cudaFreeHost(p); });
  return py::array_t<float>({z1 - z0, g.ny, g.nx}, host, owner);
}

PYBIND11_MODULE(_ctrecon, m) {
  py::class_<ct::ConeGeometry>(m, "ConeGeometry")
      .def(py::init<>())
      .def_readwrite("n_views", &ct::ConeGeometry::n_views)
      .def_readwrite("det_u", &ct::ConeGeometry::det_u)
      .def_readwrite("det_v", &ct::ConeGeometry::det_v)
      .def_readwrite("nx", &ct::ConeGeometry::nx)
      .def_readwrite("ny", &ct::ConeGeometry::ny)
      .def_readwrite("nz", &ct::ConeGeometry::nz);
  py::class_<ct::FdkReconstructor>(m, "FdkReconstructor")
      .def(py::init<const ct::ConeGeometry&>())
      .def("filter_views", [](ct::FdkReconstructor& r, py::array_t<float, py::array::c_style> p) {
        r.filter_views(p.data(), static_cast<int>(p.shape(0)));
      })
      .def("backproject_view", [](ct::FdkReconstructor& r, int view, py::array_t<float, py::array::c_style> p) {
        r.backproject_view(view, p.data());
      });
  m.def("fetch_volume", &fetch_volume);
  m.def("read_geometry", &ct::read_geometry);
  m.def("load_projections", [](const std::string& path, int n_views, int du, int dv) {
    std::size_t count = static_cast<std::size_t>(n_views) * du * dv;
    float* p = ct::load_projections(path.c_str(), count);
    if (!p) throw std::runtime_error("load_projections failed");
    py::capsule owner(p, [](void* q) { cudaFreeHost(q); });
    return py::array_t<float>({n_views, dv, du}, p, owner);
  });
  m.def("save_volume", [](ct::FdkReconstructor& r, const std::string& path) {
    const auto& g = r.geometry();
    return ct::save_volume(path.c_str(), r.device_volume(), static_cast<std::size_t>(g.nx) * g.ny * g.nz);
  });
}
