#include "waterfall.hpp"

Waterfall::Waterfall(int rows, int samples) : gpu_(rows, samples, CV_32F) {
  slots_.reserve(kSlots);
  for (int frame = 0; frame < kSlots; ++frame)
    slots_.emplace_back(rows, samples, CV_32F, cv::cuda::HostMem::PAGE_LOCKED);
}

// one call per incoming ping
void Waterfall::push_ping(cv::Mat& ping) {
  cv::cuda::registerPageLocked(ping);
  cv::cuda::GpuMat row = gpu_.row(row_ % gpu_.rows);
  row.upload(ping.reshape(1, 1), stream_);
  stream_.waitForCompletion();
  cv::cuda::unregisterPageLocked(ping);
  if (++row_ % gpu_.rows == 0) {
    slot_ = (slot_ + 1) % kSlots;
    cv::Mat dst = slots_[slot_].createMatHeader();
    gpu_.download(dst, stream_);
    stream_.waitForCompletion();
  }
}

cv::Mat Waterfall::latest() const { return slots_[slot_].createMatHeader().clone(); }
