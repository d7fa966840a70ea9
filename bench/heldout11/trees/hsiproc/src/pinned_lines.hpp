#pragma once
#include <cstddef>
#include <new>
#include <utility>
#include <vector>
#include <hip/hip_runtime.h>

// Owner of `rows` pinned scan lines of `width` elements.
template <typename T>
class PinnedLines {
 public:
  PinnedLines(size_t rows, size_t width) : rows_(rows), width_(width) {
    if (hipHostMalloc(reinterpret_cast<void**>(&data_), rows * width * sizeof(T), hipHostMallocDefault) !=
        hipSuccess)
      throw std::bad_alloc();
  }
  ~PinnedLines() {
    if (data_) (void)hipHostFree(data_);
  }
  PinnedLines(PinnedLines&& o) noexcept : data_(std::exchange(o.data_, nullptr)), rows_(o.rows_), width_(o.width_) {}
  PinnedLines(const PinnedLines&) = delete;
  PinnedLines& operator=(const PinnedLines&) = delete;

  T* row(size_t r) { return data_ + r * width_; }
  T* data() { return data_; }
  size_t bytes() const { return rows_ * width_ * sizeof(T); }

 private:
  T* data_ = nullptr;
  size_t rows_, width_;
};

// Ring of raw scan lines waiting for calibration.
class LinePool {
 public:
  LinePool(size_t depth, size_t samples, size_t bands) {
    slots_.reserve(depth);
    for (size_t line = 0; line < depth; ++line) slots_.emplace_back(1, samples * bands);
  }
  PinnedLines<uint16_t>& next() { return slots_[head_++ % slots_.size()]; }

 private:
  std::vector<PinnedLines<uint16_t>> slots_;
  size_t head_ = 0;
};
