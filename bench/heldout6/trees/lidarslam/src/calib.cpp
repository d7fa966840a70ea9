#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "slam/check.hpp"
#include "slam/icp.hpp"

namespace slam {

// Reads the lidar->imu extrinsic; a missing or short file is fatal for the whole run.
Pose load_calib(const char* path) {
  float* raw = nullptr;
  SLAM_FATAL(cudaMallocHost(reinterpret_cast<void**>(&raw), sizeof(float) * 12));
  FILE* f = std::fopen(path, "rb");
  if (!f) {
    std::fprintf(stderr, "missing calibration %s\n", path);
    std::exit(EXIT_FAILURE);
  }
  if (std::fread(raw, sizeof(float), 12, f) != 12) std::abort();
  std::fclose(f);
  Pose p;
  for (int i = 0; i < 12; ++i) p[i] = raw[i];
  cudaFreeHost(raw);
  return p;
}

}  // namespace slam
