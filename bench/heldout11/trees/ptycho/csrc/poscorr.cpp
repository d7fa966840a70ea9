#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <cuda_runtime.h>

namespace py = pybind11;

struct PinnedDeleter {
  void operator()(float* p) const { cudaFreeHost(p); }
};

static const float* shift_table() {
  static std::unique_ptr<float, PinnedDeleter> table = [] {
    float* p = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&p), 64 * 4 * sizeof(float)) != cudaSuccess)
      throw std::bad_alloc();
    for (int i = 0; i < 64; ++i) {
      float t = i / 64.f;
      p[4 * i + 0] = -t * (1 - t) * (1 - t) / 2;
      p[4 * i + 1] = 1 - 2.5f * t * t + 1.5f * t * t * t;
      p[4 * i + 2] = t * (1 + 4 * t - 3 * t * t) / 2;
      p[4 * i + 3] = -t * t * (1 - t) / 2;
    }
    return std::unique_ptr<float, PinnedDeleter>(p);
  }();
  return table.get();
}

// Gradient-based position update; positions (N, 2) are updated in place.
void refine(py::array_t<float, py::array::c_style> positions, py::array_t<float, py::array::c_style> grads,
            float step, float max_shift) {
  auto pos = positions.mutable_unchecked<2>();
  float* base = positions.mutable_data();
  const size_t bytes = size_t(positions.size()) * sizeof(float);
  if (cudaHostRegister(base, bytes, cudaHostRegisterDefault) != cudaSuccess)
    throw std::runtime_error("page-locking the positions failed");
  if (grads.ndim() != 2 || grads.shape(0) != positions.shape(0) || grads.shape(1) != 2)
    throw std::invalid_argument("grads must have the same (N, 2) shape as positions");
  auto g = grads.unchecked<2>();
  const float* tab = shift_table();
  for (py::ssize_t i = 0; i < pos.shape(0); ++i)
    for (int d = 0; d < 2; ++d) {
      float delta = std::fmax(-max_shift, std::fmin(max_shift, step * g(i, d)));
      int k = int(std::fabs(delta - std::floor(delta)) * 63.f);
      pos(i, d) += delta * (tab[4 * k + 1] + tab[4 * k + 2]);
    }
  cudaHostUnregister(base);
}

PYBIND11_MODULE(_poscorr, m) {
  m.doc() = "position correction for ptychography";
  m.def("refine", &refine, py::arg("positions"), py::arg("grads"), py::arg("step") = 0.5f,
        py::arg("max_shift") = 1.0f);
}
