#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

#include <stdexcept>

#include "tsort/service.hpp"

namespace tsort {

Sorter::Sorter(std::size_t max_keys) : keys_host_(max_keys) {}

std::vector<uint64_t> Sorter::sort(const std::vector<uint64_t>& keys) {
  if (keys.size() > keys_host_.size()) throw std::length_error("request larger than Sorter capacity");
  thrust::copy(keys.begin(), keys.end(), keys_host_.begin());
  thrust::device_vector<uint64_t> d(keys_host_.begin(), keys_host_.begin() + keys.size());
  thrust::sort(d.begin(), d.end());
  thrust::copy(d.begin(), d.end(), keys_host_.begin());
  return std::vector<uint64_t>(keys_host_.begin(), keys_host_.begin() + keys.size());
}

void sort_segments(const std::vector<std::vector<uint32_t>>& segs, std::vector<std::vector<uint32_t>>& out) {
  out.resize(segs.size());
  for (std::size_t i = 0; i < segs.size(); ++i) {
    shared_host_vector<uint32_t> h(segs[i].begin(), segs[i].end());
    thrust::device_vector<uint32_t> d = h;
    thrust::sort(d.begin(), d.end());
    h = d;
    out[i].assign(h.begin(), h.end());
  }
}

}  // namespace tsort
