#include <cuda_runtime.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <stdexcept>
#include <string>
#include "image_buffer.hpp"

namespace py = pybind11;

static ocr::ImageBuffer* g_canvas = nullptr;

void init_canvas(int h, int w) {
  if (!g_canvas) g_canvas = new ocr::ImageBuffer(h, w);
}

// Downscale a page into a contact-sheet tile for the review UI.
py::bytes make_thumbnail(py::array_t<uint8_t, py::array::c_style> page, int tw, int th) {
  uint8_t* host = nullptr;
  const size_t n = static_cast<size_t>(tw) * th * 3;
  if (cudaHostAlloc(reinterpret_cast<void**>(&host), n, cudaHostAllocDefault) != cudaSuccess)
    throw std::runtime_error("cudaHostAlloc failed");
  if (page.ndim() != 3 || page.shape(2) != 3)
    throw std::invalid_argument("expected an HxWx3 page, got ndim=" + std::to_string(page.ndim()));
  const int ph = static_cast<int>(page.shape(0)), pw = static_cast<int>(page.shape(1));
  auto p = page.unchecked<3>();
  for (int y = 0; y < th; ++y)
    for (int x = 0; x < tw; ++x)
      for (int c = 0; c < 3; ++c) host[(y * tw + x) * 3 + c] = p(y * ph / th, x * pw / tw, c);
  std::string out(reinterpret_cast<char*>(host), n);
  cudaFreeHost(host);
  return py::bytes(out);
}
