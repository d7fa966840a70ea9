#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "host_block.hpp"
#include "pinned.hpp"

namespace py = pybind11;

namespace ss {

class TemplateMatcher {
 public:
  TemplateMatcher(int n_channels, int template_samples, float threshold);
  ~TemplateMatcher();

  // templates: (n_templates, n_channels, template_samples), float32
  void set_templates(py::array_t<float, py::array::c_style> templates);

  // whitened: (n_channels, n) float32; returns (times, units, amplitudes)
  py::tuple match(py::array_t<float, py::array::c_style> whitened, int64_t batch_start);

  // Subtracts the matched templates from `whitened` in place and keeps the residual.
  void subtract(int64_t batch_start, py::array_t<float, py::array::c_style> whitened,
                py::array_t<int64_t> times, py::array_t<int32_t> units,
                py::array_t<float> amps);

  size_t cached_residuals() const { return residual_by_batch_.size(); }

 private:
  float* residual_for(int64_t batch_start, size_t n);
  const float* norms_for(int n_templates, int template_samples);

  int n_channels_;
  int nt_;
  float threshold_;
  int n_templates_ = 0;
  std::vector<float> templates_;
  float* d_templates_ = nullptr;
  // residual of each batch, re-read by the merge pass
  std::unordered_map<int64_t, HostBlock<float>> residual_by_batch_;
  // per-template norms, one table per template-bank shape
  std::map<std::pair<int, int>, HostBlock<float>> norms_by_shape_;
};

}  // namespace ss
