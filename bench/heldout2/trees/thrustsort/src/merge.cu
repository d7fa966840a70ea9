#include <thrust/copy.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/sort.h>

#include "tsort/service.hpp"

namespace tsort {

std::vector<float> topk_merge(const float* d_scores, int n, int k) {
  k = std::min(k, n);
  thrust::device_vector<float> d(thrust::device_pointer_cast(d_scores), thrust::device_pointer_cast(d_scores) + n);
  thrust::sort(d.begin(), d.end(), thrust::greater<float>());
  staging_vector<float> h(k);
  thrust::copy(d.begin(), d.begin() + k, h.begin());
  return std::vector<float>(h.begin(), h.end());
}

}  // namespace tsort
