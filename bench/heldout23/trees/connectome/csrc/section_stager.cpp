#include "section_stager.hpp"

#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudawarping.hpp>
#include <stdexcept>

namespace stager {

namespace {
cv::Mat wrap(py::array_t<uint8_t, py::array::c_style>& a) {
  auto b = a.request();
  if (b.ndim != 2) throw std::invalid_argument("expected a 2-D uint8 image");
  return cv::Mat(static_cast<int>(b.shape[0]), static_cast<int>(b.shape[1]), CV_8UC1, b.ptr);
}
}  // namespace

SectionStager::SectionStager(int tile_px, int n_slots) : tile_px_(tile_px) {
  slots_.reserve(n_slots);
  for (int slot = 0; slot < n_slots; ++slot)
    slots_.emplace_back(tile_px, tile_px, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED);
}

py::array_t<float> SectionStager::align(py::array_t<uint8_t, py::array::c_style> section) {
  cv::Mat img = wrap(section);
  cv::cuda::registerPageLocked(img);
  cv::cuda::GpuMat cur;
  cv::Point2d shift(0, 0);
  try {
    cur.upload(img, stream_);
    if (!mask_.empty()) cv::cuda::bitwise_and(cur, mask_, cur, cv::noArray(), stream_);
    stream_.waitForCompletion();
  } catch (...) {
    cv::cuda::unregisterPageLocked(img);
    throw;
  }
  cv::cuda::unregisterPageLocked(img);
  if (!prev_.empty()) {
    cv::Mat a, b;
    prev_.download(a);
    cur.download(b);
    a.convertTo(a, CV_32F);
    b.convertTo(b, CV_32F);
    shift = cv::phaseCorrelate(a, b);
  }
  prev_ = cur;
  py::array_t<float> out(2);
  out.mutable_at(0) = static_cast<float>(shift.y);
  out.mutable_at(1) = static_cast<float>(shift.x);
  return out;
}

py::list SectionStager::crops(py::array_t<uint8_t, py::array::c_style> section,
                              py::array_t<int32_t, py::array::c_style> seeds, int fov) {
  cv::Mat img = wrap(section);
  auto s = seeds.unchecked<2>();
  py::list out;
  const int half = fov / 2;
  for (py::ssize_t k = 0; k < s.shape(0); ++k) {
    const int y = s(k, 0), x = s(k, 1);
    cv::Rect roi(x - half, y - half, fov, fov);
    roi &= cv::Rect(0, 0, img.cols, img.rows);
    if (roi.empty()) continue;
    cv::cuda::HostMem crop(roi.height, roi.width, CV_8UC1);
    img(roi).copyTo(crop.createMatHeader());
    cv::cuda::GpuMat d;
    d.upload(crop, stream_);
    stream_.waitForCompletion();
    cv::Mat back;
    d.download(back);
    out.append(py::array_t<uint8_t>({back.rows, back.cols}, back.data));
  }
  return out;
}

void SectionStager::attach_mask(py::array_t<uint8_t, py::array::c_style> mask) {
  cv::Mat m = wrap(mask);
  cv::cuda::registerPageLocked(m);
  if (m.rows % tile_px_ != 0 || m.cols % tile_px_ != 0)
    throw std::invalid_argument("mask size must be a multiple of tile_px");
  mask_.upload(m, stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(m);
}

py::array_t<uint8_t> SectionStager::downsample(py::array_t<uint8_t, py::array::c_style> section, int factor) {
  cv::Mat img = wrap(section);
  const int h = img.rows / factor, w = img.cols / factor;
  if (canvas_.rows < h || canvas_.cols < w)
    canvas_ = cv::cuda::HostMem(std::max(h, canvas_.rows), std::max(w, canvas_.cols), CV_8UC1);
  cv::Mat view = canvas_.createMatHeader()(cv::Rect(0, 0, w, h));
  // tile by tile through the page-locked slot ring, so uploads overlap the resizes
  for (int ty = 0; ty + factor <= img.rows; ty += tile_px_) {
    for (int tx = 0; tx + factor <= img.cols; tx += tile_px_) {
      cv::Rect r(tx, ty, std::min(tile_px_, img.cols - tx), std::min(tile_px_, img.rows - ty));
      r.width -= r.width % factor;
      r.height -= r.height % factor;
      if (r.width == 0 || r.height == 0) continue;
      cv::cuda::HostMem& slot = slots_[next_slot_];
      next_slot_ = (next_slot_ + 1) % slots_.size();
      cv::Mat staged = slot.createMatHeader()(cv::Rect(0, 0, r.width, r.height));
      img(r).copyTo(staged);
      cv::cuda::GpuMat d, small;
      d.upload(staged, stream_);
      cv::cuda::resize(d, small, cv::Size(r.width / factor, r.height / factor), 0, 0, cv::INTER_AREA, stream_);
      cv::Mat dst = view(cv::Rect(tx / factor, ty / factor, r.width / factor, r.height / factor));
      small.download(dst, stream_);
      stream_.waitForCompletion();
    }
  }
  return py::array_t<uint8_t>({h, w}, {static_cast<py::ssize_t>(view.step), static_cast<py::ssize_t>(1)}, view.data);
}

py::array_t<float> SectionStager::flatfield(int tile_px) {
  auto it = flat_by_size_.find(tile_px);
  if (it == flat_by_size_.end()) {
    cv::cuda::HostMem f(tile_px, tile_px, CV_32FC1);
    cv::Mat m = f.createMatHeader();
    const float c = 0.5f * (tile_px - 1);
    for (int y = 0; y < tile_px; ++y)
      for (int x = 0; x < tile_px; ++x) {
        const float r2 = ((x - c) * (x - c) + (y - c) * (y - c)) / (c * c + 1.f);
        m.at<float>(y, x) = 1.f / (1.f - 0.12f * r2);
      }
    it = flat_by_size_.emplace(tile_px, f).first;
  }
  cv::Mat m = it->second.createMatHeader();
  return py::array_t<float>({m.rows, m.cols}, reinterpret_cast<float*>(m.data));
}

}  // namespace stager
