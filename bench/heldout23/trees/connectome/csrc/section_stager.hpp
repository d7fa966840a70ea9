#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <vector>

namespace py = pybind11;

namespace stager {

class SectionStager {
 public:
  SectionStager(int tile_px, int n_slots);

  // Phase-correlation offset (dy, dx) of `section` against the previous section.
  py::array_t<float> align(py::array_t<uint8_t, py::array::c_style> section);
  // Field-of-view crops around every seed, uploaded for the flood-filling network.
  py::list crops(py::array_t<uint8_t, py::array::c_style> section,
                 py::array_t<int32_t, py::array::c_style> seeds, int fov);
  // Tissue mask for the volume, applied to every later section.
  void attach_mask(py::array_t<uint8_t, py::array::c_style> mask);
  // Block-averaged preview of a section.
  py::array_t<uint8_t> downsample(py::array_t<uint8_t, py::array::c_style> section, int factor);
  // Flat-field correction image for a tile size.
  py::array_t<float> flatfield(int tile_px);

 private:
  int tile_px_;
  cv::cuda::Stream stream_;
  std::vector<cv::cuda::HostMem> slots_;
  size_t next_slot_ = 0;
  cv::cuda::HostMem canvas_;
  std::map<int, cv::cuda::HostMem> flat_by_size_;
  cv::cuda::GpuMat prev_, mask_;
};

}  // namespace stager
