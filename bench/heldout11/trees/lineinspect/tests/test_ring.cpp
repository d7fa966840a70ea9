#include <cassert>
#include <cstdio>

#include "camera_ring.h"

int main() {
  cv::cuda::HostMem probe(1, 16, CV_8UC1, cv::cuda::HostMem::AllocType::PAGE_LOCKED);
  LineRing ring(4, 2048);
  cv::Mat a = ring.slot(0), b = ring.slot(4);
  assert(a.data == b.data);
  assert(probe.cols == 16);
  std::puts("ok");
  return 0;
}
