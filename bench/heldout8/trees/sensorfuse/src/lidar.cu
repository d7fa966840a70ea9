#include <thrust/copy.h>
#include <thrust/device_vector.h>

#include "sf/sensor.hpp"

namespace sf {

__global__ void ground_filter(const float4* pts, int n, int* keep) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) keep[i] = pts[i].z > -1.6f;
}

bool LidarSensor::ingest(const Msg& m, std::vector<Detection>& out) {
  const float4* src = static_cast<const float4*>(m.data);
  pinned_vec<float4> pts(src, src + m.n);
  thrust::device_vector<float4> d_pts = pts;
  thrust::device_vector<int> keep(m.n);
  ground_filter<<<(m.n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d_pts.data()), m.n,
                                            thrust::raw_pointer_cast(keep.data()));
  thrust::host_vector<int> h_keep = keep;
  for (size_t i = 0; i < m.n; ++i)
    if (h_keep[i]) out.push_back({pts[i].x, pts[i].y, pts[i].z, 0.f, 0.f, pts[i].w});
  return true;
}

}  // namespace sf
