#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "capture.hpp"
#include "hip_check.hpp"

namespace {
volatile std::sig_atomic_t g_stop = 0;
void on_sigint(int) { g_stop = 1; }

struct Options {
  const char* device = "/dev/video0";
  const char* lut = "calib/lut.bin";
  const char* table = nullptr;
  const char* shm = nullptr;
  const char* dump = nullptr;
  int width = 1920, height = 1080, ring_slots = 8;
  bool zero_copy = false;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--device")) o.device = argv[i + 1];
    else if (!std::strcmp(argv[i], "--lut")) o.lut = argv[i + 1];
    else if (!std::strcmp(argv[i], "--table")) o.table = argv[i + 1];
    else if (!std::strcmp(argv[i], "--shm")) o.shm = argv[i + 1];
    else if (!std::strcmp(argv[i], "--dump")) o.dump = argv[i + 1];
    else if (!std::strcmp(argv[i], "--zero-copy")) o.zero_copy = std::atoi(argv[i + 1]) != 0;
  }
  return o;
}
}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse(argc, argv);
  const int w = opt.width, h = opt.height;
  const size_t yuyv_bytes = static_cast<size_t>(w) * h * 2;
  const size_t rgb_bytes = static_cast<size_t>(w) * h * 3;

  calib_load(opt.lut);
  FrameRing ring(opt.ring_slots, rgb_bytes);
  Sink sink(3, rgb_bytes);

  uint8_t *d_yuyv = nullptr, *d_rgb = nullptr;
  float* d_table = nullptr;
  HIP_CHECK(hipMalloc(&d_yuyv, yuyv_bytes));
  HIP_CHECK(hipMalloc(&d_rgb, rgb_bytes));
  HIP_CHECK(hipMalloc(&d_table, 4096 * sizeof(float)));
  if (opt.table != nullptr && calib_apply_table(opt.table, d_table, 4096) != 0) {
    std::fprintf(stderr, "warning: no distortion table, continuing without\n");
  }
  if (opt.shm != nullptr) {
    int fd = shm_open(opt.shm, O_RDWR, 0600);
    void* mem = mmap(nullptr, rgb_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (sink.map_shared(mem, rgb_bytes) != 0) std::fprintf(stderr, "warning: shm window unavailable\n");
  }

  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  V4L2Camera cam(opt.device, w, h);
  std::signal(SIGINT, on_sigint);

  uint64_t n = 0;
  while (!g_stop) {
    Frame f;
    if (!cam.dequeue(f)) break;
    if (opt.zero_copy) {
      HIP_CHECK(hipHostRegister(f.data, f.bytes, hipHostRegisterDefault));
      HIP_CHECK(hipMemcpyAsync(d_yuyv, f.data, f.bytes, hipMemcpyHostToDevice, s));
      launch_yuyv_to_rgb(d_yuyv, d_rgb, w, h, s);
      HIP_CHECK(hipStreamSynchronize(s));
      HIP_CHECK(hipHostUnregister(f.data));
    } else if (convert_frame(f, d_yuyv, d_rgb, w, h, s) != 0) {
      std::fprintf(stderr, "frame %llu: conversion failed\n", static_cast<unsigned long long>(n));
      cam.enqueue(f);
      break;
    }
    cam.enqueue(f);
    HIP_CHECK(hipMemcpyAsync(ring.slot(n), d_rgb, rgb_bytes, hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipMemcpyAsync(sink.slot(static_cast<int>(n)), d_rgb, rgb_bytes, hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    ++n;
  }

  if (opt.dump != nullptr) dump_frame(opt.dump, d_rgb, w, h);
  std::printf("captured %llu frames\n", static_cast<unsigned long long>(n));
  HIP_CHECK(hipStreamDestroy(s));
  hipFree(d_yuyv);
  hipFree(d_rgb);
  hipFree(d_table);
  calib_release();
  return 0;
}
