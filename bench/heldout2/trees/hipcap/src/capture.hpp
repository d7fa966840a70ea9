#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

struct Frame {
  uint8_t* data = nullptr;  // driver-owned mmap buffer
  size_t bytes = 0;
  int index = -1;
  uint64_t timestamp_us = 0;
};

class V4L2Camera {
 public:
  V4L2Camera(const char* dev, int width, int height);
  ~V4L2Camera();
  bool dequeue(Frame& f);
  void enqueue(const Frame& f);
};

class FrameRing {
 public:
  FrameRing(int slots, size_t frame_bytes);
  ~FrameRing();
  uint8_t* slot(uint64_t n) { return base_ + (n % slots_) * bytes_; }
  size_t frame_bytes() const { return bytes_; }

 private:
  int slots_;
  size_t bytes_;
  uint8_t* base_ = nullptr;
};

class Sink {
 public:
  Sink(int slots, size_t bytes);
  ~Sink();
  void* slot(int i) { return slots_[i % slots_.size()]; }
  int map_shared(void* shm, size_t n);
  void* device_shared() const { return d_shared_; }

 private:
  size_t bytes_;
  std::vector<void*> slots_;
  void* shared_ = nullptr;
  void* d_shared_ = nullptr;
};

void launch_yuyv_to_rgb(const uint8_t* d_yuyv, uint8_t* d_rgb, int w, int h, hipStream_t s);
int convert_frame(const Frame& f, uint8_t* d_yuyv, uint8_t* d_rgb, int w, int h, hipStream_t s);
int dump_frame(const char* path, const uint8_t* d_rgb, int w, int h);

int calib_load(const char* path);
const float* calib_lut();
void calib_release();
int calib_apply_table(const char* path, float* d_table, size_t n);
